import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  FormControlLabel,
  IconButton,
  InputAdornment,
  Link,
  TextField,
  Typography,
} from '@mui/material';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { useQueryClient } from '@tanstack/react-query';
import { HttpError, useAuthProvider, useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { homeOf, resumeFromCookie } from '../providers/authProvider';
import { getSession } from '../providers/session';
import { errorMessage } from '../providers/httpClient';
import { AuthLayout } from './AuthLayout';

/** spec 9: redirect after login */
const REDIRECT_DELAY_MS = 1000;
/** 'Remember me' keeps the email for the next sign-in (the session itself always lives in localStorage). */
const REMEMBERED_EMAIL_KEY = 'remembered_email';
/** spec 9: minimum password length at login */
const MIN_PASSWORD_LENGTH = 6;

interface LoginErrors {
  email?: string;
  password?: string;
}

type Status = { severity: 'success' | 'error'; message: string } | null;

/** `?next=`: a path of the console to return to after signing in (never another site). */
const nextPath = (raw: string | null): string | null => (raw && /^\/(?!\/)[^\\]*$/.test(raw) ? raw : null);

/**
 * /login (spec 2.4, 5, 8). From the landing site's free trial: `?email=` fills the address in,
 * `?from=trial` says what to do (the answer never tells whether the address was new), and
 * `?resume=1` continues the session the trial page started (its refresh cookie) without asking.
 */
export default function LoginPage() {
  const translate = useTranslate();
  const authProvider = useAuthProvider();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const fromTrial = params.get('from') === 'trial';
  const next = nextPath(params.get('next'));
  const [email, setEmail] = useState(() => params.get('email') ?? localStorage.getItem(REMEMBERED_EMAIL_KEY) ?? '');
  const [resuming, setResuming] = useState(() => params.get('resume') === '1');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [remember, setRemember] = useState(() => localStorage.getItem(REMEMBERED_EMAIL_KEY) !== null);
  const [errors, setErrors] = useState<LoginErrors>({});
  const [status, setStatus] = useState<Status>(null);
  const [submitting, setSubmitting] = useState(false);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  // the landing site's trial signed the new admin in: continue that session, else ask as usual.
  // Once: the refresh cookie rotates, so React's second run in strict mode must not send it again
  const resumeSent = useRef(false);
  useEffect(() => {
    if (!resuming || resumeSent.current) return;
    resumeSent.current = true;
    void resumeFromCookie().then((user) => {
      if (user) {
        queryClient.clear();
        navigate(next ?? homeOf(user), { replace: true });
      } else setResuming(false);
    });
  }, [resuming, next, navigate, queryClient]);

  const validate = (): LoginErrors => {
    const found: LoginErrors = {};
    if (!email.trim()) found.email = translate('login.email_required');
    if (!password) found.password = translate('login.password_required');
    else if (password.length < MIN_PASSWORD_LENGTH) found.password = translate('login.password_too_short');
    return found;
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    setStatus(null);
    if (found.email || found.password || !authProvider) return;

    setSubmitting(true);
    try {
      await authProvider.login({ email: email.trim(), password });
      queryClient.clear();
      if (remember) localStorage.setItem(REMEMBERED_EMAIL_KEY, email.trim());
      else localStorage.removeItem(REMEMBERED_EMAIL_KEY);
      setStatus({ severity: 'success', message: translate('login.success') });
      const home = next ?? homeOf(getSession().user);
      redirectTimer.current = setTimeout(() => navigate(home, { replace: true }), REDIRECT_DELAY_MS);
    } catch (error) {
      const message =
        error instanceof HttpError ? errorMessage(error, translate('login.failed')) : translate('login.unexpected');
      setStatus({ severity: 'error', message });
      setSubmitting(false);
    }
  };

  const succeeded = status?.severity === 'success';

  return (
    <AuthLayout>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {translate('login.title')}
      </Typography>
      {fromTrial || resuming ? (
        <Alert severity="info" sx={{ mt: 1, mb: 2 }} role="status">
          {resuming ? (
            translate('signup.resuming')
          ) : (
            <>
              <strong>{translate('signup.trial_title')}</strong>
              <br />
              {translate('signup.trial_text', { email })}
            </>
          )}
        </Alert>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
          {translate('login.subtitle')}
        </Typography>
      )}

      {status && (
        <Alert severity={status.severity} sx={{ mb: 2 }} role={status.severity === 'error' ? 'alert' : 'status'}>
          {status.message}
        </Alert>
      )}

      <Box component="form" noValidate onSubmit={handleSubmit}>
        <TextField
          label={translate('login.email')}
          type="email"
          name="email"
          autoComplete="email"
          autoFocus={!params.get('email')}
          variant="outlined"
          size="medium"
          fullWidth
          margin="normal"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={!!errors.email}
          helperText={errors.email}
          disabled={submitting}
        />
        <TextField
          label={translate('login.password')}
          type={showPassword ? 'text' : 'password'}
          name="password"
          autoComplete="current-password"
          autoFocus={!!params.get('email')}
          variant="outlined"
          size="medium"
          fullWidth
          margin="normal"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={!!errors.password}
          helperText={errors.password}
          disabled={submitting}
          slotProps={{
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton
                    aria-label={translate(showPassword ? 'login.hide_password' : 'login.show_password')}
                    onClick={() => setShowPassword((shown) => !shown)}
                    edge="end"
                  >
                    {showPassword ? <VisibilityOff /> : <Visibility />}
                  </IconButton>
                </InputAdornment>
              ),
            },
          }}
        />
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            flexWrap: 'wrap',
            gap: 1,
            mt: 1,
          }}
        >
          <FormControlLabel
            control={<Checkbox checked={remember} onChange={(e) => setRemember(e.target.checked)} name="remember" />}
            label={translate('login.remember_me')}
          />
          <Link component={RouterLink} to="/forgot-password" variant="body2">
            {translate('login.forgot_password')}
          </Link>
        </Box>
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          disabled={submitting}
          sx={{ mt: 2, py: 1.25 }}
          startIcon={submitting && !succeeded ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          {translate('login.submit')}
        </Button>
      </Box>

      <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
        {translate('login.no_account')}{' '}
        <Link component={RouterLink} to="/register">
          {translate('login.sign_up')}
        </Link>
      </Typography>
    </AuthLayout>
  );
}
