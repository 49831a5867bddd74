import { Box, Chip, Typography } from '@mui/material';
import PhoneIphoneIcon from '@mui/icons-material/PhoneIphone';
import { useTranslate } from 'react-admin';
import { useIsStandalone } from '../pwa/displayMode';

/**
 * Spec 2.3 mode banner, where it tells something: in the installed app, that it works offline
 * (with its version). In a browser every feature is there, so a line saying so on every page is
 * left out.
 */
export const ModeBanner = () => {
  const translate = useTranslate();
  const standalone = useIsStandalone();
  if (!standalone) return null;
  return (
    <Box
      role="status"
      data-testid="mode-banner"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: 2,
        py: 0.75,
        mb: 2,
        borderRadius: 2,
        bgcolor: 'rgba(22, 163, 74, 0.08)',
        color: 'success.dark',
      }}
    >
      <PhoneIphoneIcon fontSize="small" />
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {translate('shell.banner.installed_app')}
      </Typography>
      <Chip size="small" label={translate('banner.version')} sx={{ ml: 'auto' }} />
    </Box>
  );
};
