import { useEffect, useState } from 'react';
import { Box, Button, IconButton, Tooltip, Typography } from '@mui/material';
import SettingsIcon from '@mui/icons-material/Settings';
import LogoutIcon from '@mui/icons-material/Logout';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import { AppBar, LoadingIndicator, useLogout, useTranslate, type AppBarProps } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../auth/useSession';
import { useFormat } from '../schema/format';
import { companyName } from '../providers/session';
import { OfflineQueueMenu } from './OfflineQueueMenu';
import { personName } from './personName';

/** The current date in the company's time zone, updated each minute (so it turns over at its midnight). */
const useToday = () => {
  const format = useFormat();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  // the one date format with its weekday: Saturday, Nov 28, 2026
  return format.longDate(now);
};

const HeaderActions = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const logout = useLogout();
  const { user } = useSession();
  const name = personName(user);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0, sm: 1 } }}>
      <LoadingIndicator />
      <Tooltip title={translate('shell.header.signed_in_as', { name })}>
        <Box sx={{ display: { xs: 'none', sm: 'flex' }, alignItems: 'center', gap: 0.75, mx: 1, minWidth: 0 }}>
          <AccountCircleIcon color="action" />
          <Typography variant="body2" noWrap sx={{ fontWeight: 600, maxWidth: 220 }} data-testid="header-person">
            {name}
          </Typography>
        </Box>
      </Tooltip>
      <OfflineQueueMenu />
      <Tooltip title={translate('header.settings')}>
        <IconButton color="inherit" aria-label={translate('header.settings')} onClick={() => navigate('/settings')}>
          <SettingsIcon />
        </IconButton>
      </Tooltip>
      <Button
        color="inherit"
        onClick={() => logout()}
        startIcon={<LogoutIcon />}
        sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
      >
        {translate('header.logout')}
      </Button>
      <IconButton
        color="inherit"
        aria-label={translate('header.logout')}
        onClick={() => logout()}
        sx={{ display: { xs: 'inline-flex', sm: 'none' } }}
      >
        <LogoutIcon />
      </IconButton>
    </Box>
  );
};

/**
 * Spec 2.3 header: the company the user works in (the product's name for the platform) where the
 * spec had 'Web Application' / 'Mobile App', the current date, the person's name (not the
 * username; on a phone under the company's), settings and logout.
 */
export const AppHeader = (props: AppBarProps) => {
  const translate = useTranslate();
  const session = useSession();
  const today = useToday();
  const title = companyName(session) || translate('app.name');
  const name = personName(session.user);
  return (
    <AppBar
      {...props}
      color="inherit"
      userMenu={false}
      toolbar={<HeaderActions />}
      sx={{ backgroundColor: 'background.paper', color: 'text.primary', borderBottom: 1, borderColor: 'divider' }}
    >
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', alignItems: 'baseline', gap: 2, overflow: 'hidden' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h6" component="p" noWrap sx={{ fontWeight: 700, lineHeight: 1.25 }} data-testid="header-title">
            {title}
          </Typography>
          <Typography
            variant="caption"
            color="text.secondary"
            noWrap
            component="p"
            sx={{ display: { xs: 'block', sm: 'none' } }}
            data-testid="header-person-phone"
          >
            {name}
          </Typography>
        </Box>
        <Typography variant="body2" color="text.secondary" noWrap sx={{ display: { xs: 'none', md: 'block' } }}>
          {today}
        </Typography>
      </Box>
    </AppBar>
  );
};
