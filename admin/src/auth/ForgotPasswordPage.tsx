import { Button, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { AuthLayout } from './AuthLayout';

/** /forgot-password: for now, password resets go through the company administrator. */
export default function ForgotPasswordPage() {
  const translate = useTranslate();
  return (
    <AuthLayout>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
        {translate('forgot.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {translate('forgot.text')}
      </Typography>
      <Button component={RouterLink} to="/login" variant="contained" fullWidth>
        {translate('forgot.back')}
      </Button>
    </AuthLayout>
  );
}
