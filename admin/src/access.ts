/**
 * Who may open which route (platform.md 2.1 / hr.md 2) and which sidebar entries each role sees
 * (platform.md 2.3). The route guard and the sidebar both read this file, so they never disagree.
 */
import {
  isAuthenticated,
  isImpersonating,
  toModuleAccess,
  viewsBeyondOwn,
  type Role,
  type Session,
} from './providers/session';

/**
 * Permission module keys (DESIGN.md "Plan → modules"), as GET /api/permissions/user/permissions
 * answers them: Operational Monitoring and KPI & Bonus each have their own.
 */
export type ModuleKey =
  | 'employees'
  | 'departments'
  | 'positions'
  | 'attendance'
  | 'leave'
  | 'payroll'
  | 'reports'
  | 'settings'
  | 'monitoring'
  | 'kpi';

export interface AccessRule {
  /** allowed roles; absent = any authenticated role */
  roles?: readonly Role[];
  /** module whose view permission is required; absent = none */
  module?: ModuleKey;
  /** the module's view must cover other people's records (a team, a department, the company) */
  beyondOwn?: boolean;
}

const SUPERADMIN = ['superadmin'] as const;
const COMPANY_ADMIN = ['company_admin'] as const;
const ADMINS = ['company_admin', 'superadmin'] as const;

/** Every protected route of the admin app. Public routes (/login, /register, ...) are not here. */
export const ROUTE_ACCESS = {
  '/dashboard': {},
  '/companies': { roles: SUPERADMIN },
  '/packages': { roles: SUPERADMIN },
  '/billing': { roles: SUPERADMIN },
  '/admin/landing-page': { roles: SUPERADMIN },
  '/analytics': { roles: SUPERADMIN },
  '/hr/permissions': { roles: COMPANY_ADMIN },
  '/hr/shift-roster': { roles: COMPANY_ADMIN },
  '/hr/operational-monitoring': { roles: COMPANY_ADMIN, module: 'monitoring' },
  '/hr/kpi-bonus': { roles: COMPANY_ADMIN, module: 'kpi' },
  '/hr/employees': { roles: ADMINS, module: 'employees' },
  '/hr/departments': { roles: ADMINS, module: 'departments' },
  '/hr/positions': { roles: ADMINS, module: 'positions' },
  // every role: Profile and Notifications; the company's settings by SETTINGS_ADMIN (screens/settings/settingsMenu.ts)
  '/settings': {},
  '/hr/attendance': { module: 'attendance' },
  '/hr/leave': { module: 'leave' },
  '/hr/payroll': { module: 'payroll' },
  // not in the spec's route table; linked from the company dashboard (spec 2.12). The API's rule
  // (GET /api/reports): whoever holds reports view, whatever the role; each report then asks more
  '/hr/reports': { module: 'reports' },
  // the people one covers: a line manager's team, a department, or for admins the company
  '/hr/team': { module: 'attendance', beyondOwn: true },
  // whoever holds employees view, whatever the role: the server answers whom each may see
  '/hr/org-chart': { module: 'employees' },
} as const satisfies Record<string, AccessRule>;

export type ProtectedPath = keyof typeof ROUTE_ACCESS;

/** The company's settings (every Settings tab but Profile and Notifications). */
export const SETTINGS_ADMIN: AccessRule = { roles: ADMINS, module: 'settings' };

export type AccessDecision = 'allow' | 'login' | 'dashboard';

/**
 * The role the console serves: a superadmin impersonating a company works as its admin (platform.md
 * 1: "see it as its admin"), so menu, routes and screens are the company admin's; the server
 * answers that session as the company admin's too (every module of the plan).
 */
export const consoleRole = (session: Session): Role | null => {
  const role = session.user?.role ?? null;
  return role === 'superadmin' && isImpersonating(session) ? 'company_admin' : role;
};

/**
 * Spec 2.2: unauthenticated → /login; role not allowed → /dashboard; module without view access
 * → /dashboard (company_admin as the spec says, and client/employee too). A superadmin has no
 * company plan of their own, so modules do not bind them; impersonating, they are the company's
 * admin (consoleRole) and the permissions loaded under the impersonation token are the company's.
 */
export const decideAccess = (rule: AccessRule, session: Session): AccessDecision => {
  if (!isAuthenticated(session) || !session.user) return 'login';
  const role = consoleRole(session)!;
  if (rule.roles && !rule.roles.includes(role)) return 'dashboard';
  if (rule.module && role !== 'superadmin' && !toModuleAccess(session.permissions)[rule.module]?.view) return 'dashboard';
  // admins cover the company whatever the list says
  const admin = role === 'company_admin' || role === 'superadmin';
  if (rule.module && rule.beyondOwn && !admin && !viewsBeyondOwn(toModuleAccess(session.permissions)[rule.module])) return 'dashboard';
  return 'allow';
};

export const canOpen = (path: ProtectedPath, session: Session) => decideAccess(ROUTE_ACCESS[path], session) === 'allow';

/** The access rule of a location (longest matching route prefix), for nested paths like /hr/employees/3. */
export const ruleForPath = (pathname: string): AccessRule | undefined => {
  const match = (Object.keys(ROUTE_ACCESS) as ProtectedPath[])
    .filter((path) => pathname === path || pathname.startsWith(`${path}/`))
    .sort((a, b) => b.length - a.length)[0];
  return match ? ROUTE_ACCESS[match] : undefined;
};

export type MenuIcon =
  | 'dashboard'
  | 'companies'
  | 'packages'
  | 'billing'
  | 'landing'
  | 'analytics'
  | 'employees'
  | 'departments'
  | 'positions'
  | 'org_chart'
  | 'attendance'
  | 'shifts'
  | 'leave'
  | 'payroll'
  | 'monitoring'
  | 'kpi'
  | 'reports'
  | 'settings';

export interface MenuEntry {
  path: ProtectedPath;
  /** i18n key of the label */
  label: string;
  icon: MenuIcon;
}

export type MenuSet = 'platform' | 'company_admin' | 'self_service';

const DASHBOARD: MenuEntry = { path: '/dashboard', label: 'menu.dashboard', icon: 'dashboard' };

const REPORTS: MenuEntry = { path: '/hr/reports', label: 'menu.reports', icon: 'reports' };

const MY_TEAM: MenuEntry = { path: '/hr/team', label: 'menu.my_team', icon: 'employees' };

const ORG_CHART: MenuEntry = { path: '/hr/org-chart', label: 'menu.org_chart', icon: 'org_chart' };

/**
 * Sidebar entries by role, in the spec's order (2.3). A superadmin impersonating a company has the
 * company admin's (what the company's admin sees, plus the banner), and Reports shows for whoever
 * the API lets read reports (reports view).
 */
export const MENUS: Record<MenuSet, readonly MenuEntry[]> = {
  platform: [
    DASHBOARD,
    { path: '/companies', label: 'menu.companies', icon: 'companies' },
    { path: '/packages', label: 'menu.packages', icon: 'packages' },
    { path: '/billing', label: 'menu.billing', icon: 'billing' },
    { path: '/admin/landing-page', label: 'menu.landing_page', icon: 'landing' },
    { path: '/analytics', label: 'menu.analytics', icon: 'analytics' },
  ],
  company_admin: [
    DASHBOARD,
    { path: '/hr/employees', label: 'menu.employees', icon: 'employees' },
    { path: '/hr/departments', label: 'menu.departments', icon: 'departments' },
    { path: '/hr/positions', label: 'menu.positions', icon: 'positions' },
    ORG_CHART,
    { path: '/hr/attendance', label: 'menu.attendance', icon: 'attendance' },
    { path: '/hr/shift-roster', label: 'menu.shift_roster', icon: 'shifts' },
    { path: '/hr/leave', label: 'menu.leave', icon: 'leave' },
    { path: '/hr/payroll', label: 'menu.payroll', icon: 'payroll' },
    { path: '/hr/operational-monitoring', label: 'menu.operational_monitoring', icon: 'monitoring' },
    { path: '/hr/kpi-bonus', label: 'menu.kpi_bonus', icon: 'kpi' },
    REPORTS,
    { path: '/settings', label: 'menu.settings', icon: 'settings' },
  ],
  // client and employee (spec: My Attendance, My Leave, My Payroll, filtered by module access): the
  // view comes from the matrix or from the company's self-service policy, which the server adds to
  // the effective permissions (GET /api/permissions/user/permissions, self_service: true), so the
  // console never guesses it
  self_service: [
    DASHBOARD,
    // for those who manage people (their attendance view covers more than their own records)
    MY_TEAM,
    // for those who hold employees view: a line manager over their team, or the matrix's scope
    ORG_CHART,
    { path: '/hr/attendance', label: 'menu.my_attendance', icon: 'attendance' },
    { path: '/hr/leave', label: 'menu.my_leave', icon: 'leave' },
    { path: '/hr/payroll', label: 'menu.my_payroll', icon: 'payroll' },
    REPORTS,
  ],
};

export const menuSetFor = (session: Session): MenuSet => {
  switch (consoleRole(session)) {
    case 'superadmin':
      return 'platform';
    case 'company_admin':
      return 'company_admin';
    default:
      return 'self_service';
  }
};

/** The sidebar entries of this session: the role's set, each shown only when the guard would let it open. */
export const menuEntries = (session: Session): MenuEntry[] =>
  MENUS[menuSetFor(session)].filter((entry) => entry.path === '/dashboard' || canOpen(entry.path, session));
