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
import { Link as RouterLink, useNavigate } from 'react-router-dom';
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

/** /login (spec 2.4, 5, 8). */
export default function LoginPage() {
  const translate = useTranslate();
  const authProvider = useAuthProvider();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [email, setEmail] = useState(() => localStorage.getItem(REMEMBERED_EMAIL_KEY) ?? '');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [remember, setRemember] = useState(() => localStorage.getItem(REMEMBERED_EMAIL_KEY) !== null);
  const [errors, setErrors] = useState<LoginErrors>({});
  const [status, setStatus] = useState<Status>(null);
  const [submitting, setSubmitting] = useState(false);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

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
      redirectTimer.current = setTimeout(() => navigate('/dashboard', { replace: true }), REDIRECT_DELAY_MS);
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
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
        {translate('login.subtitle')}
      </Typography>

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
          autoFocus
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
