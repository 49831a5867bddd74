import { useEffect, useRef, useState } from 'react';
import { Alert, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { apiAnswer, client } from '../providers/apiClient';
import { errorMessage } from '../providers/httpClient';
import { AuthLayout } from './AuthLayout';
import { UnconfirmedEmailNotice } from './UnconfirmedEmailNotice';
import { useSession } from './useSession';
import { homeOf, refreshProfile } from '../providers/authProvider';
import { getSession } from '../providers/session';

type Status = { severity: 'success' | 'error'; message: string } | null;

/**
 * /verify-email?token=...: the page of the mailed link that confirms a self-registered address
 * (once, on opening). A link that does not work leads on: signed in, the page mails a new link
 * itself; signed out, to sign-in, which comes back here (?next=/verify-email) to do so.
 */
export default function VerifyEmailPage() {
  const translate = useTranslate();
  const [params] = useSearchParams();
  const { user } = useSession();
  const token = params.get('token') ?? '';
  const [status, setStatus] = useState<Status>(() =>
    token
      ? null
      : user?.email_verified
        ? { severity: 'success', message: translate('unconfirmed_email.confirmed') }
        : user
          ? null
          : { severity: 'error', message: translate('verify_email.invalid_link') },
  );
  // the link is used once: a second render (React's strict mode) must not send it again
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    apiAnswer(client.POST('/api/auth/verify-email', { body: { token } }))
      .then(({ message }) => {
        setStatus({ severity: 'success', message: message ?? translate('verify_email.success') });
        // the stored profile says the address is confirmed now
        if (getSession().token) void refreshProfile();
      })
      .catch((e) => setStatus({ severity: 'error', message: errorMessage(e, translate('verify_email.failed')) }));
  }, [token, translate]);

  return (
    <AuthLayout>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        {translate('verify_email.title')}
      </Typography>
      {!token && user && !user.email_verified ? (
        <UnconfirmedEmailNotice />
      ) : status ? (
        <Alert severity={status.severity} sx={{ mb: 2 }} role={status.severity === 'error' ? 'alert' : 'status'}>
          {status.message}
        </Alert>
      ) : (
        <Stack direction="row" spacing={1.5} alignItems="center" sx={{ mb: 2 }} role="status">
          <CircularProgress size={18} />
          <Typography color="text.secondary">{translate('verify_email.checking')}</Typography>
        </Stack>
      )}
      {status?.severity === 'error' && user && !user.email_verified && <UnconfirmedEmailNotice />}
      {user ? (
        <Button component={RouterLink} to={homeOf(user)} variant="contained" fullWidth disabled={!!token && !status}>
          {translate('verify_email.continue')}
        </Button>
      ) : status?.severity === 'error' ? (
        <Button component={RouterLink} to="/login?next=%2Fverify-email" variant="contained" fullWidth>
          {translate('unconfirmed_email.sign_in')}
        </Button>
      ) : (
        <Button component={RouterLink} to="/login" variant="contained" fullWidth disabled={!status}>
          {translate('verify_email.back')}
        </Button>
      )}
    </AuthLayout>
  );
}
