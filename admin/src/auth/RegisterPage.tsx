import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Alert, Box, Button, CircularProgress, Link, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { components } from '../../../openapi/schema';
import { apiAnswer, client } from '../providers/apiClient';
import { errorMessage, fieldErrors } from '../providers/httpClient';
import { AuthLayout } from './AuthLayout';
import { actionSchema } from '../schema/schema';
import { useRuleCheck } from '../schema/useRuleCheck';

/** long enough to read the success message */
const REDIRECT_DELAY_MS = 1500;

const FIELDS = ['username', 'email', 'password', 'confirmPassword'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

type Status = { severity: 'success' | 'error'; message: string } | null;

/** /register (spec 2.5): self-registration, role client. */
export default function RegisterPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [values, setValues] = useState<Values>({ username: '', email: '', password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState<Status>(null);
  const [submitting, setSubmitting] = useState(false);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const rules = useRuleCheck(actionSchema('POST auth/register'));

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const change = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  /** The server's rules of the account's fields, in its words, before sending; and the confirmation, which is never sent. */
  const validate = (): Errors => {
    const found: Errors = rules.checkAll({ username: values.username.trim(), email: values.email.trim(), password: values.password });
    if (values.confirmPassword !== values.password) found.confirmPassword = translate('register.passwords_mismatch');
    return found;
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    setStatus(null);
    if (Object.values(found).some(Boolean)) return;

    setSubmitting(true);
    // confirmPassword is never sent (spec 3)
    const payload: components['schemas']['RegisterDto'] = {
      username: values.username.trim(),
      email: values.email.trim(),
      password: values.password,
      role: 'client',
    };
    try {
      await apiAnswer(client.POST('/api/auth/register', { body: payload }));
      setStatus({ severity: 'success', message: translate('register.success') });
      redirectTimer.current = setTimeout(() => navigate('/login'), REDIRECT_DELAY_MS);
    } catch (error) {
      const serverErrors: Errors = {};
      for (const { field, message } of fieldErrors(error)) {
        if ((FIELDS as readonly string[]).includes(field)) serverErrors[field as Field] = message;
      }
      setErrors(serverErrors);
      setStatus({ severity: 'error', message: errorMessage(error, translate('register.failed')) });
      setSubmitting(false);
    }
  };

  const field = (name: Field, label: string, type: string, autoComplete: string) => (
    <TextField
      label={translate(label)}
      type={type}
      name={name}
      autoComplete={autoComplete}
      variant="outlined"
      size="medium"
      fullWidth
      margin="normal"
      value={values[name]}
      onChange={change(name)}
      error={!!errors[name]}
      helperText={errors[name]}
      disabled={submitting}
    />
  );

  return (
    <AuthLayout>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {translate('register.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
        {translate('register.subtitle')}
      </Typography>

      {status && (
        <Alert severity={status.severity} sx={{ mb: 2 }} role={status.severity === 'error' ? 'alert' : 'status'}>
          {status.message}
        </Alert>
      )}

      <Box component="form" noValidate onSubmit={handleSubmit}>
        {field('username', 'register.username', 'text', 'username')}
        {field('email', 'register.email', 'email', 'email')}
        {field('password', 'register.password', 'password', 'new-password')}
        {field('confirmPassword', 'register.confirm_password', 'password', 'new-password')}
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          disabled={submitting}
          sx={{ mt: 2, py: 1.25 }}
          startIcon={submitting && status === null ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          {translate('register.submit')}
        </Button>
      </Box>

      <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
        {translate('register.have_account')}{' '}
        <Link component={RouterLink} to="/login">
          {translate('register.sign_in')}
        </Link>
      </Typography>
    </AuthLayout>
  );
}
