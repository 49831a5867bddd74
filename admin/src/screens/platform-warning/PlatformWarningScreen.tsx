import { Button, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { AuthLayout } from '../../auth/AuthLayout';

/** /platform-warning (platform.md 2.7) — public placeholder until the real screen lands. */
export default function PlatformWarningScreen() {
  const translate = useTranslate();
  return (
    <AuthLayout>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
        {translate('screens.platform_warning')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {translate('app.not_available')}
      </Typography>
      <Button component={RouterLink} to="/login" variant="outlined" fullWidth>
        {translate('forgot.back')}
      </Button>
    </AuthLayout>
  );
}
