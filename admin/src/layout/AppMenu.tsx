import type { ReactElement } from 'react';
import { Box, Typography } from '@mui/material';
import DashboardIcon from '@mui/icons-material/Dashboard';
import BusinessIcon from '@mui/icons-material/Business';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import WebIcon from '@mui/icons-material/Web';
import InsightsIcon from '@mui/icons-material/Insights';
import PeopleIcon from '@mui/icons-material/People';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import WorkIcon from '@mui/icons-material/Work';
import LanIcon from '@mui/icons-material/Lan';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import EventNoteIcon from '@mui/icons-material/EventNote';
import PaymentsIcon from '@mui/icons-material/Payments';
import MonitorHeartIcon from '@mui/icons-material/MonitorHeart';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import SettingsIcon from '@mui/icons-material/Settings';
import AssessmentIcon from '@mui/icons-material/Assessment';
import { Menu, useSidebarState, useTranslate, type MenuProps } from 'react-admin';
import { canOpen, consoleRole, menuEntries, type MenuEntry, type MenuIcon } from '../access';
import { useSession } from '../auth/useSession';
import { Logo } from '../auth/Logo';
import { companyName } from '../providers/session';

const ICONS: Record<MenuIcon, ReactElement> = {
  dashboard: <DashboardIcon />,
  companies: <BusinessIcon />,
  packages: <Inventory2Icon />,
  billing: <ReceiptLongIcon />,
  landing: <WebIcon />,
  analytics: <InsightsIcon />,
  employees: <PeopleIcon />,
  departments: <AccountTreeIcon />,
  positions: <WorkIcon />,
  org_chart: <LanIcon />,
  attendance: <AccessTimeIcon />,
  shifts: <EventRepeatIcon />,
  leave: <EventNoteIcon />,
  payroll: <PaymentsIcon />,
  monitoring: <MonitorHeartIcon />,
  kpi: <EmojiEventsIcon />,
  reports: <AssessmentIcon />,
  settings: <SettingsIcon />,
};

/** Settings (Profile and Notifications) for the roles whose menu set has no Settings entry. */
const SETTINGS: MenuEntry = { path: '/settings', label: 'menu.settings', icon: 'settings' };

/**
 * Sidebar (spec 2.3): the company's name (the product's for the platform) above the subtitle by
 * role, the role's entries from src/access.ts, and Settings for everyone.
 */
export const AppMenu = (props: MenuProps) => {
  const translate = useTranslate();
  const session = useSession();
  const [open] = useSidebarState();
  // impersonating, the company admin's (consoleRole): the company's name over the spec's subtitle
  const role = consoleRole(session);
  const subtitle = role === 'superadmin' ? 'app.subtitle.platform' : 'app.subtitle.hr';
  // the company the user works in; without one, the role (never the subtitle twice)
  const title =
    companyName(session) ||
    (role && role !== 'superadmin' ? translate(`settings.profile.roles.${role}`, { _: role }) : translate('app.name'));
  const entries = menuEntries(session);
  if (!entries.some((entry) => entry.path === SETTINGS.path) && canOpen(SETTINGS.path, session)) entries.push(SETTINGS);

  return (
    <Menu {...props}>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          px: open ? 2 : 1,
          py: 2,
          mb: 1,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Logo size={open ? 36 : 32} />
        {open && (
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="subtitle1" sx={{ fontWeight: 700, lineHeight: 1.2 }} noWrap title={title} data-testid="sidebar-title">
              {title}
            </Typography>
            <Typography variant="caption" color="text.secondary" noWrap data-testid="sidebar-subtitle">
              {translate(subtitle)}
            </Typography>
          </Box>
        )}
      </Box>
      {entries.map((entry) => (
        <Menu.Item
          key={entry.path}
          to={entry.path}
          primaryText={translate(entry.label)}
          leftIcon={ICONS[entry.icon]}
        />
      ))}
    </Menu>
  );
};
