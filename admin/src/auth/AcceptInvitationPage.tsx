import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Box, Button, CircularProgress, Link, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import type { components } from '../../../openapi/schema';
import { apiAnswer, apiData, client } from '../providers/apiClient';
import { beginSession } from '../providers/authProvider';
import { errorMessage, fieldErrors } from '../providers/httpClient';
import { AuthLayout } from './AuthLayout';
import { actionSchema } from '../schema/schema';
import { useRuleCheck } from '../schema/useRuleCheck';

/** long enough to read the welcome */
const REDIRECT_DELAY_MS = 1200;

type Invitation = components['schemas']['InvitationDto'];
type Field = 'password' | 'confirmPassword';
type Status = { severity: 'success' | 'error'; message: string } | null;

/**
 * /accept-invitation?token=...: the page of an employee's e-mailed invitation. Shows the company
 * and the e-mail invited, asks for a password (the server's rules, in its words, before sending),
 * then signs in and opens the dashboard.
 */
export default function AcceptInvitationPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [invitation, setInvitation] = useState<Invitation | null>(null);
  const [values, setValues] = useState<Record<Field, string>>({ password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [status, setStatus] = useState<Status>(token ? null : { severity: 'error', message: translate('accept_invitation.invalid_link') });
  const [linkDead, setLinkDead] = useState(!token);
  const [submitting, setSubmitting] = useState(false);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const rules = useRuleCheck(actionSchema('POST auth/invitations/accept'));

  useEffect(() => () => clearTimeout(redirectTimer.current), []);
  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    apiData(client.GET('/api/auth/invitations/{token}', { params: { path: { token } } }))
      .then((found) => !cancelled && setInvitation(found))
      .catch((e: unknown) => {
        if (cancelled) return;
        setLinkDead(true);
        setStatus({ severity: 'error', message: errorMessage(e, translate('accept_invitation.invalid_link')) });
      });
    return () => {
      cancelled = true;
    };
  }, [token, translate]);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // the password's rules are the server's; the confirmation is never sent
    const found: Partial<Record<Field, string>> = rules.checkAll({ password: values.password });
    if (values.confirmPassword !== values.password) found.confirmPassword = translate('register.passwords_mismatch');
    setErrors(found);
    setStatus(null);
    if (found.password || found.confirmPassword) return;

    setSubmitting(true);
    try {
      const { data, message } = await apiAnswer(
        client.POST('/api/auth/invitations/accept', { body: { token, password: values.password } }),
      );
      await beginSession(data.access_token, data.user);
      queryClient.clear();
      setStatus({ severity: 'success', message: message ?? translate('accept_invitation.success') });
      redirectTimer.current = setTimeout(() => navigate('/dashboard', { replace: true }), REDIRECT_DELAY_MS);
    } catch (e) {
      const fields = fieldErrors(e);
      const statusCode = (e as { status?: number }).status;
      if (fields.some((f) => f.field === 'token') || statusCode === 404 || statusCode === 410 || statusCode === 409) setLinkDead(true);
      setErrors({ password: fields.find((f) => f.field === 'password')?.message });
      setStatus({ severity: 'error', message: errorMessage(e, translate('accept_invitation.failed')) });
      setSubmitting(false);
    }
  };

  const done = status?.severity === 'success';
  const company = invitation?.company_name ?? '';

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
      helperText={errors[name] ?? (name === 'password' ? translate('accept_invitation.rules') : undefined)}
      disabled={submitting || done}
    />
  );

  return (
    <AuthLayout>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
        {invitation ? translate('accept_invitation.title', { company }) : translate('accept_invitation.loading')}
      </Typography>
      {invitation && !linkDead && (
        <>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {translate('accept_invitation.text', { company, email: invitation.email })}
          </Typography>
          {invitation.existing_account && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {translate('accept_invitation.existing_account', { company })}
            </Alert>
          )}
        </>
      )}

      {status && (
        <Alert severity={status.severity} sx={{ mb: 2 }} role={status.severity === 'error' ? 'alert' : 'status'}>
          {status.message}
        </Alert>
      )}

      {!linkDead && !invitation && <CircularProgress size={28} sx={{ display: 'block', mx: 'auto', my: 2 }} />}

      {invitation && !linkDead && (
        <Box component="form" noValidate onSubmit={handleSubmit}>
          <TextField
            label={translate('register.email')}
            name="email"
            autoComplete="username"
            fullWidth
            margin="normal"
            value={invitation.email}
            slotProps={{ input: { readOnly: true } }}
          />
          {field('password', 'accept_invitation.password')}
          {field('confirmPassword', 'accept_invitation.confirm_password')}
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            disabled={submitting || done}
            sx={{ mt: 2, py: 1.25 }}
            startIcon={submitting && !done ? <CircularProgress size={18} color="inherit" /> : undefined}
          >
            {translate('accept_invitation.submit')}
          </Button>
        </Box>
      )}

      <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
        <Link component={RouterLink} to="/login">
          {translate('accept_invitation.back')}
        </Link>
      </Typography>
    </AuthLayout>
  );
}
