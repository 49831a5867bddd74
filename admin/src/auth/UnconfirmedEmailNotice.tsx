import { useState } from 'react';
import { Alert, Button, CircularProgress } from '@mui/material';
import { useTranslate } from 'react-admin';
import { apiAnswer, client } from '../providers/apiClient';
import { errorMessage } from '../providers/httpClient';
import { useSession } from './useSession';

type Sent = { severity: 'success' | 'error'; message: string } | null;

/**
 * "Your e-mail address is not confirmed yet" with a button that mails a new link
 * (POST /api/auth/verify-email/resend), for a signed-in user whose address GET /api/auth/me says
 * is unconfirmed (a self-registered account, a free trial's admin). Nothing otherwise.
 */
export function UnconfirmedEmailNotice() {
  const translate = useTranslate();
  const { user } = useSession();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<Sent>(null);
  if (!user || user.email_verified !== false || user.impersonating) return null;

  const resend = async () => {
    setSending(true);
    try {
      const { message } = await apiAnswer(client.POST('/api/auth/verify-email/resend'));
      setSent({ severity: 'success', message: message ?? translate('unconfirmed_email.sent') });
    } catch (e) {
      setSent({ severity: 'error', message: errorMessage(e, translate('unconfirmed_email.failed')) });
    } finally {
      setSending(false);
    }
  };

  if (sent?.severity === 'success') {
    return (
      <Alert severity="success" role="status" sx={{ mb: 2 }}>
        {sent.message}
      </Alert>
    );
  }
  return (
    <Alert
      severity="warning"
      // a long address wraps; on a phone the button goes under the text
      sx={{
        mb: 2,
        alignItems: 'center',
        overflowWrap: 'anywhere',
        flexWrap: { xs: 'wrap', sm: 'nowrap' },
        '& .MuiAlert-message': { flex: { xs: '1 1 calc(100% - 40px)', sm: '1 1 auto' } },
        '& .MuiAlert-action': { pt: 0, ml: { xs: 'auto', sm: 'auto' } },
      }}
      action={
        <Button
          color="inherit"
          size="small"
          variant="outlined"
          onClick={resend}
          disabled={sending}
          startIcon={sending ? <CircularProgress size={14} color="inherit" /> : undefined}
          sx={{ whiteSpace: 'nowrap' }}
        >
          {translate('unconfirmed_email.resend')}
        </Button>
      }
    >
      {translate('unconfirmed_email.text', { email: user.email })}
      {sent?.severity === 'error' && <div role="alert">{sent.message}</div>}
    </Alert>
  );
}
