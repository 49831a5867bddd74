import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, CircularProgress, Link, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { apiAnswer, client } from '../providers/apiClient';
import { errorMessage, fieldErrors } from '../providers/httpClient';
import { AuthLayout } from './AuthLayout';
import { actionSchema } from '../schema/schema';
import { useRuleCheck } from '../schema/useRuleCheck';

type Status = { severity: 'success' | 'error'; message: string } | null;

/** /forgot-password: asks for a reset link by email. The answer never says whether the account exists. */
export default function ForgotPasswordPage() {
  const translate = useTranslate();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [status, setStatus] = useState<Status>(null);
  const [submitting, setSubmitting] = useState(false);
  const rules = useRuleCheck(actionSchema('POST auth/forgot-password'));

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setStatus(null);
    // the address's rules are the server's, checked before sending in its own words
    const broken = rules.check('email')(email.trim());
    setError(broken ?? undefined);
    if (broken) return;
    setSubmitting(true);
    try {
      const { message } = await apiAnswer(client.POST('/api/auth/forgot-password', { body: { email: email.trim() } }));
      setStatus({ severity: 'success', message: message ?? translate('forgot.sent') });
    } catch (e) {
      setError(fieldErrors(e).find((f) => f.field === 'email')?.message);
      setStatus({ severity: 'error', message: errorMessage(e, translate('forgot.failed')) });
    } finally {
      setSubmitting(false);
    }
  };

  const sent = status?.severity === 'success';

  return (
    <AuthLayout>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
        {translate('forgot.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('forgot.text')}
      </Typography>

      {status && (
        <Alert severity={status.severity} sx={{ mb: 2 }} role={status.severity === 'error' ? 'alert' : 'status'}>
          {status.message}
        </Alert>
      )}

      {!sent && (
        <Box component="form" noValidate onSubmit={handleSubmit}>
          <TextField
            label={translate('forgot.email')}
            type="email"
            name="email"
            autoComplete="email"
            autoFocus
            fullWidth
            margin="normal"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              setError(undefined);
            }}
            error={!!error}
            helperText={error}
            disabled={submitting}
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            disabled={submitting}
            sx={{ mt: 2, py: 1.25 }}
            startIcon={submitting ? <CircularProgress size={18} color="inherit" /> : undefined}
          >
            {translate('forgot.submit')}
          </Button>
        </Box>
      )}

      <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
        <Link component={RouterLink} to="/login">
          {translate('forgot.back')}
        </Link>
      </Typography>
    </AuthLayout>
  );
}
