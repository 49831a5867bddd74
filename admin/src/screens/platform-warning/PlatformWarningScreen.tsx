import { Alert, Button, Stack, Typography } from '@mui/material';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import LoginIcon from '@mui/icons-material/Login';
import { useLogout, useTranslate } from 'react-admin';
import { AuthLayout } from '../../auth/AuthLayout';
import { useSession } from '../../auth/useSession';

/** /platform-warning (platform.md 2.7): the web application, not the installed app, for this account. */
export default function PlatformWarningScreen() {
  const translate = useTranslate();
  const logout = useLogout();
  const { user } = useSession();
  const message = user && user.role !== 'superadmin' ? 'platform_warning.web_only' : 'platform_warning.superadmin';

  return (
    <AuthLayout>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        {translate('platform_warning.title')}
      </Typography>
      <Alert severity="warning" role="alert" sx={{ mb: 3 }}>
        {translate(message)}
      </Alert>
      <Stack spacing={1.5}>
        <Button variant="contained" startIcon={<LoginIcon />} onClick={() => logout(undefined, '/login')}>
          {translate('platform_warning.back')}
        </Button>
        {/* a target=_blank link leaves the standalone window for the browser */}
        <Button
          variant="outlined"
          startIcon={<OpenInNewIcon />}
          component="a"
          href={`${window.location.origin}/login`}
          target="_blank"
          rel="noopener noreferrer"
        >
          {translate('platform_warning.open_website')}
        </Button>
      </Stack>
    </AuthLayout>
  );
}
