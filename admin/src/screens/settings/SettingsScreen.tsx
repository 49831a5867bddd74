import './screen.messages.en';
import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';
import { Box, Card, List, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import SecurityIcon from '@mui/icons-material/Security';
import DevicesIcon from '@mui/icons-material/Devices';
import EventNoteIcon from '@mui/icons-material/EventNote';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import PersonIcon from '@mui/icons-material/Person';
import NotificationsIcon from '@mui/icons-material/Notifications';
import StorageIcon from '@mui/icons-material/Storage';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import { Loading, useTranslate } from 'react-admin';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { consoleRole, decideAccess, SETTINGS_ADMIN } from '../../access';
import { useSession } from '../../auth/useSession';
import { PageHeader } from '../../layout/PageHeader';
import { defaultSettingsTab, settingsTabs, type SettingsTab } from './settingsMenu';

const TABS: Record<SettingsTab, { icon: ReactElement; screen: ComponentType }> = {
  permissions: {
    icon: <SecurityIcon />,
    screen: lazy(() => import('../permissions/PermissionManagement').then((m) => ({ default: m.PermissionManagement }))),
  },
  platform: { icon: <DevicesIcon />, screen: lazy(() => import('./tabs/PlatformAccessTab')) },
  subscription: { icon: <WorkspacePremiumIcon />, screen: lazy(() => import('./tabs/SubscriptionTab')) },
  leave: { icon: <EventNoteIcon />, screen: lazy(() => import('./tabs/LeaveSettingsTab')) },
  attendance: { icon: <AccessTimeIcon />, screen: lazy(() => import('./tabs/AttendanceSettingsTab')) },
  profile: { icon: <PersonIcon />, screen: lazy(() => import('./tabs/ProfileTab')) },
  notifications: { icon: <NotificationsIcon />, screen: lazy(() => import('./tabs/NotificationsTab')) },
  system: { icon: <StorageIcon />, screen: lazy(() => import('./tabs/SystemTab')) },
};

/** /settings and /settings/<tab> (hr.md Settings page): the side menu by role and the chosen tab. */
export default function SettingsScreen() {
  const translate = useTranslate();
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  // a superadmin viewing a company has its admin's tabs (Subscription among them)
  const role = consoleRole(session) ?? undefined;
  const companySettings = decideAccess(SETTINGS_ADMIN, session) === 'allow';
  const tabs = settingsTabs(role, companySettings);
  const fallback = defaultSettingsTab(role, companySettings);
  const requested = location.pathname.replace(/^\/settings\/?/, '').split('/')[0] as SettingsTab | '';

  if (!fallback) return <Navigate to="/dashboard" replace />;
  if (!requested || !tabs.includes(requested)) return <Navigate to={`/settings/${fallback}`} replace />;
  const Screen = TABS[requested].screen;

  return (
    <>
      <PageHeader title={translate('settings.title')} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '240px 1fr' }, alignItems: 'start' }}>
        <Card variant="outlined" component="nav" aria-label={translate('settings.title')}>
          <List disablePadding>
            {tabs.map((tab) => (
              <ListItemButton
                key={tab}
                selected={tab === requested}
                aria-current={tab === requested ? 'page' : undefined}
                onClick={() => navigate(`/settings/${tab}`)}
              >
                <ListItemIcon sx={{ minWidth: 40 }}>{TABS[tab].icon}</ListItemIcon>
                <ListItemText primary={translate(`settings.menu.${tab}`)} />
              </ListItemButton>
            ))}
          </List>
        </Card>
        <Box sx={{ minWidth: 0 }}>
          <Suspense fallback={<Loading />}>
            <Screen />
          </Suspense>
        </Box>
      </Box>
    </>
  );
}
