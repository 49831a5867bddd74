import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import MailOutlineIcon from '@mui/icons-material/MailOutline';
import RocketLaunchIcon from '@mui/icons-material/RocketLaunch';
import { useTranslate } from 'react-admin';
import { Navigate } from 'react-router-dom';
import { useSession } from '../../auth/useSession';

/** The landing site's free-trial page (same origin, outside the console). */
const FREE_TRIAL_URL = '/free-trial';

/**
 * /start: where a self-registered client (role client, no company) lands. Until a company
 * invites them there is nothing of a company to show, so it says how to get one: an invitation
 * to their e-mail (accepting it attaches this account to the company as an employee), or a free
 * trial of their own company. Anyone else goes to the dashboard; nobody signed in to the sign-in page.
 */
export default function ClientStartScreen() {
  const translate = useTranslate();
  const { user } = useSession();
  if (!user) return <Navigate to="/login" replace />;
  if (user.role !== 'client') return <Navigate to="/dashboard" replace />;
  const name = user.first_name || user.username;

  return (
    <Box sx={{ maxWidth: 880, mx: 'auto', py: { xs: 2, sm: 4 } }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {translate('start.title', { name })}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, mb: 3 }}>
        {translate('start.subtitle')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <Card variant="outlined" sx={{ flex: 1 }}>
          <CardContent>
            <MailOutlineIcon color="primary" sx={{ fontSize: 36 }} aria-hidden />
            <Typography variant="h6" component="h2" sx={{ mt: 1 }}>
              {translate('start.invitation_title')}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              {translate('start.invitation_text', { email: user.email })}
            </Typography>
          </CardContent>
        </Card>
        <Card variant="outlined" sx={{ flex: 1 }}>
          <CardContent>
            <RocketLaunchIcon color="primary" sx={{ fontSize: 36 }} aria-hidden />
            <Typography variant="h6" component="h2" sx={{ mt: 1 }}>
              {translate('start.trial_title')}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 1, mb: 2 }}>
              {translate('start.trial_text')}
            </Typography>
            <Button variant="contained" href={FREE_TRIAL_URL}>
              {translate('start.trial_button')}
            </Button>
          </CardContent>
        </Card>
      </Stack>
    </Box>
  );
}
