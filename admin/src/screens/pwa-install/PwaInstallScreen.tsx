import { useState } from 'react';
import { Alert, Box, Button, Divider, Stack, Typography } from '@mui/material';
import AppleIcon from '@mui/icons-material/Apple';
import AndroidIcon from '@mui/icons-material/Android';
import ComputerIcon from '@mui/icons-material/Computer';
import DownloadIcon from '@mui/icons-material/Download';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { AuthLayout } from '../../auth/AuthLayout';
import { useSession } from '../../auth/useSession';
import { useIsStandalone } from '../../pwa/displayMode';
import { promptInstall, useInstallPrompt } from '../../pwa/installPrompt';
import { continueInBrowser, mayContinueInBrowser, storedPlatformRule } from '../../providers/platformAccess';

const PLATFORMS = [
  { key: 'ios', icon: <AppleIcon /> },
  { key: 'android', icon: <AndroidIcon /> },
  { key: 'desktop', icon: <ComputerIcon /> },
] as const;

/** /pwa-install (platform.md 2.8): install instructions, Install, 'App Already Installed', continue in the browser. */
export default function PwaInstallScreen() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const session = useSession();
  const standalone = useIsStandalone();
  const offer = useInstallPrompt();
  const [installing, setInstalling] = useState(false);
  const signedIn = !!session.token && !!session.user;
  const canContinue = signedIn && mayContinueInBrowser(storedPlatformRule());

  const install = async () => {
    setInstalling(true);
    try {
      await promptInstall();
    } finally {
      setInstalling(false);
    }
  };

  const continueHere = () => {
    if (session.user) continueInBrowser(session.user.id);
    navigate('/dashboard', { replace: true });
  };

  return (
    <AuthLayout maxWidth={560}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
        {translate('pwa.title')}
      </Typography>

      {standalone ? (
        <Stack spacing={2}>
          <Alert severity="success">
            <Typography sx={{ fontWeight: 600 }}>{translate('pwa.installed_title')}</Typography>
            {translate('pwa.installed_text')}
          </Alert>
          <Button variant="contained" size="large" startIcon={<OpenInNewIcon />} onClick={() => navigate('/dashboard')}>
            {translate('pwa.open_app')}
          </Button>
        </Stack>
      ) : (
        <Stack spacing={2}>
          <Alert severity="info" role="status">
            {translate('pwa.rule')}
          </Alert>
          {offer && (
            <Button variant="contained" size="large" startIcon={<DownloadIcon />} onClick={install} disabled={installing}>
              {translate('pwa.install')}
            </Button>
          )}
          <Stack spacing={1.5} divider={<Divider flexItem />}>
            {PLATFORMS.map(({ key, icon }) => (
              <Box key={key} sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
                <Box sx={{ color: 'primary.main', mt: 0.25 }}>{icon}</Box>
                <Box>
                  <Typography variant="subtitle2" component="h2" sx={{ fontWeight: 700 }}>
                    {translate(`pwa.${key}_title`)}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {translate(`pwa.${key}_steps`)}
                  </Typography>
                </Box>
              </Box>
            ))}
          </Stack>
        </Stack>
      )}

      <Stack spacing={1} sx={{ mt: 3 }}>
        {canContinue && !standalone && (
          <Button variant="outlined" onClick={continueHere}>
            {translate('pwa.continue')}
          </Button>
        )}
        {!signedIn && (
          <Button component={RouterLink} to="/login" variant="text">
            {translate('pwa.back')}
          </Button>
        )}
      </Stack>
    </AuthLayout>
  );
}
