import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Box, Button, CircularProgress, Link, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { apiAnswer, client } from '../providers/apiClient';
import { errorMessage, fieldErrors } from '../providers/httpClient';
import { AuthLayout } from './AuthLayout';
import { actionSchema } from '../schema/schema';
import { useRuleCheck } from '../schema/useRuleCheck';

/** long enough to read the success message */
const REDIRECT_DELAY_MS = 2000;

type Field = 'password' | 'confirmPassword';
type Status = { severity: 'success' | 'error'; message: string } | null;

/** /reset-password?token=...: the page of the e-mailed link, where the new password is chosen. */
export default function ResetPasswordPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [values, setValues] = useState<Record<Field, string>>({ password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [status, setStatus] = useState<Status>(token ? null : { severity: 'error', message: translate('reset.invalid_link') });
  const [linkDead, setLinkDead] = useState(!token);
  const [submitting, setSubmitting] = useState(false);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const rules = useRuleCheck(actionSchema('POST auth/reset-password'));

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // the password's rules are the server's, checked in its words; the confirmation is never sent
    const found: Partial<Record<Field, string>> = rules.checkAll({ password: values.password });
    if (values.confirmPassword !== values.password) found.confirmPassword = translate('register.passwords_mismatch');
    setErrors(found);
    setStatus(null);
    if (found.password || found.confirmPassword) return;

    setSubmitting(true);
    try {
      const { message } = await apiAnswer(client.POST('/api/auth/reset-password', { body: { token, password: values.password } }));
      setStatus({ severity: 'success', message: message ?? translate('reset.success') });
      redirectTimer.current = setTimeout(() => navigate('/login', { replace: true }), REDIRECT_DELAY_MS);
    } catch (e) {
      const fields = fieldErrors(e);
      if (fields.some((f) => f.field === 'token')) setLinkDead(true);
      setErrors({ password: fields.find((f) => f.field === 'password')?.message });
      setStatus({ severity: 'error', message: errorMessage(e, translate('reset.failed')) });
      setSubmitting(false);
    }
  };

  const done = status?.severity === 'success';

  const field = (name: Field, label: string) => (
    <TextField
      label={translate(label)}
      type="password"
      name={name}
      autoComplete="new-password"
      fullWidth
      margin="normal"
      value={values[name]}
      onChange={(e) => {
        setValues((v) => ({ ...v, [name]: e.target.value }));
        setErrors((v) => ({ ...v, [name]: undefined }));
      }}
      error={!!errors[name]}
      helperText={errors[name]}
      disabled={submitting || done}
    />
  );

  return (
    <AuthLayout>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
        {translate('reset.title')}
      </Typography>
      {!linkDead && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {translate('reset.text')}
        </Typography>
      )}

      {status && (
        <Alert severity={status.severity} sx={{ mb: 2 }} role={status.severity === 'error' ? 'alert' : 'status'}>
          {status.message}
        </Alert>
      )}

      {linkDead ? (
        <Button component={RouterLink} to="/forgot-password" variant="contained" fullWidth>
          {translate('reset.request_new')}
        </Button>
      ) : (
        <Box component="form" noValidate onSubmit={handleSubmit}>
          {field('password', 'reset.password')}
          {field('confirmPassword', 'reset.confirm_password')}
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            disabled={submitting || done}
            sx={{ mt: 2, py: 1.25 }}
            startIcon={submitting && !done ? <CircularProgress size={18} color="inherit" /> : undefined}
          >
            {translate('reset.submit')}
          </Button>
        </Box>
      )}

      <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
        <Link component={RouterLink} to="/login">
          {translate('reset.back')}
        </Link>
      </Typography>
    </AuthLayout>
  );
}
