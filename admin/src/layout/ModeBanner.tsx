import { Box, Chip, Typography } from '@mui/material';
import PhoneIphoneIcon from '@mui/icons-material/PhoneIphone';
import LanguageIcon from '@mui/icons-material/Language';
import { useTranslate } from 'react-admin';
import { useIsStandalone } from '../pwa/displayMode';

/** Spec 2.3 mode banner: PWA ('Mobile App Mode - Full Offline Access', v1.0.0) or browser. */
export const ModeBanner = () => {
  const translate = useTranslate();
  const standalone = useIsStandalone();
  return (
    <Box
      role="status"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: 2,
        py: 0.75,
        mb: 2,
        borderRadius: 2,
        bgcolor: standalone ? 'rgba(22, 163, 74, 0.08)' : 'rgba(37, 99, 235, 0.08)',
        color: standalone ? 'success.dark' : 'primary.dark',
      }}
    >
      {standalone ? <PhoneIphoneIcon fontSize="small" /> : <LanguageIcon fontSize="small" />}
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {translate(standalone ? 'banner.mode_pwa' : 'banner.mode_web')}
      </Typography>
      {standalone && <Chip size="small" label={translate('banner.version')} sx={{ ml: 'auto' }} />}
    </Box>
  );
};
