import { useEffect, useState } from 'react';
import { Box, Button, IconButton, Tooltip, Typography } from '@mui/material';
import SettingsIcon from '@mui/icons-material/Settings';
import LogoutIcon from '@mui/icons-material/Logout';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import { AppBar, LoadingIndicator, useLogout, useTranslate, type AppBarProps } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../auth/useSession';
import { useCompanyZone } from '../schema/format';
import { useIsStandalone } from '../pwa/displayMode';
import { OfflineQueueMenu } from './OfflineQueueMenu';

const formatDate = (date: Date, zone: string) =>
  date.toLocaleDateString('en-US', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: zone });

/** The current date in the company's time zone, updated each minute (so it turns over at its midnight). */
const useToday = () => {
  const zone = useCompanyZone();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return formatDate(now, zone);
};

const HeaderActions = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const logout = useLogout();
  const { user } = useSession();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0, sm: 1 } }}>
      <LoadingIndicator />
      <Box sx={{ display: { xs: 'none', sm: 'flex' }, alignItems: 'center', gap: 0.75, mx: 1 }}>
        <AccountCircleIcon color="action" />
        <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="header-username">
          {user?.username}
        </Typography>
      </Box>
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

/** Spec 2.3 header: title by mode, current date, username, settings and logout. */
export const AppHeader = (props: AppBarProps) => {
  const translate = useTranslate();
  const standalone = useIsStandalone();
  const today = useToday();
  return (
    <AppBar
      {...props}
      color="inherit"
      userMenu={false}
      toolbar={<HeaderActions />}
      sx={{ backgroundColor: 'background.paper', color: 'text.primary', borderBottom: 1, borderColor: 'divider' }}
    >
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', alignItems: 'baseline', gap: 2, overflow: 'hidden' }}>
        <Typography variant="h6" component="p" noWrap sx={{ fontWeight: 700 }}>
          {translate(standalone ? 'header.title_pwa' : 'header.title_web')}
        </Typography>
        <Typography variant="body2" color="text.secondary" noWrap sx={{ display: { xs: 'none', md: 'block' } }}>
          {today}
        </Typography>
      </Box>
    </AppBar>
  );
};
