/**
 * Where each screen is registered. A later screen replaces its placeholder import here (or, for a
 * react-admin resource, in src/resources.tsx); its access rule lives in src/access.ts.
 */
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Loading } from 'react-admin';
import type { ProtectedPath } from './access';
import { RouteGuard } from './auth/RouteGuard';

export interface ScreenRoute<P extends string = string> {
  path: P;
  screen: LazyScreen;
}

/** A screen loaded when first shown; `preload` starts loading it before React asks (main.tsx). */
export type LazyScreen = ComponentType & { preload: () => Promise<unknown> };

/** Lazy screen + its Suspense fallback (keeps the initial bundle small). */
export const lazyScreen = (load: () => Promise<{ default: ComponentType }>): LazyScreen => {
  const Screen = lazy(load);
  const LazyScreen = () => (
    <Suspense fallback={<Loading />}>
      <Screen />
    </Suspense>
  );
  // an import of the same module is one request and one evaluation, whoever asks first
  return Object.assign(LazyScreen, { preload: load });
};

/** Wraps a screen in the route guard of `path` (spec 2.2). */
export const guarded = (path: ProtectedPath, Screen: ComponentType): ComponentType => {
  const GuardedScreen = () => (
    <RouteGuard path={path}>
      <Screen />
    </RouteGuard>
  );
  GuardedScreen.displayName = `Guarded(${path})`;
  return GuardedScreen;
};

/** Protected screens rendered inside the authenticated layout (react-admin <CustomRoutes>). */
export const protectedScreens: ScreenRoute<ProtectedPath>[] = [
  { path: '/dashboard', screen: lazyScreen(() => import('./screens/dashboard/DashboardScreen')) },
  { path: '/companies', screen: lazyScreen(() => import('./screens/companies/CompaniesScreen')) },
  { path: '/packages', screen: lazyScreen(() => import('./screens/packages/PackagesScreen')) },
  { path: '/billing', screen: lazyScreen(() => import('./screens/billing/BillingScreen')) },
  { path: '/admin/landing-page', screen: lazyScreen(() => import('./screens/landing-page/LandingPageManager')) },
  { path: '/analytics', screen: lazyScreen(() => import('./screens/analytics/AnalyticsScreen')) },
  { path: '/hr/permissions', screen: lazyScreen(() => import('./screens/permissions/PermissionsScreen')) },
  { path: '/hr/shift-roster', screen: lazyScreen(() => import('./screens/shift-roster/ShiftRosterScreen')) },
  {
    path: '/hr/operational-monitoring',
    screen: lazyScreen(() => import('./screens/operational-monitoring/OperationalMonitoringScreen')),
  },
  { path: '/hr/kpi-bonus', screen: lazyScreen(() => import('./screens/kpi-bonus/KpiBonusScreen')) },
  { path: '/settings', screen: lazyScreen(() => import('./screens/settings/SettingsScreen')) },
  { path: '/hr/attendance', screen: lazyScreen(() => import('./screens/attendance/AttendanceScreen')) },
  { path: '/hr/leave', screen: lazyScreen(() => import('./screens/leave/LeaveScreen')) },
  { path: '/hr/payroll', screen: lazyScreen(() => import('./screens/payroll/PayrollScreen')) },
  { path: '/hr/reports', screen: lazyScreen(() => import('./screens/reports/ReportsScreen')) },
  { path: '/hr/team', screen: lazyScreen(() => import('./screens/team/TeamScreen')) },
  { path: '/hr/org-chart', screen: lazyScreen(() => import('./screens/org-chart/OrgChartScreen')) },
];

/** Public screens without the layout (react-admin <CustomRoutes noLayout>). /login is Admin's loginPage. */
export const publicScreens: ScreenRoute[] = [
  { path: '/register', screen: lazyScreen(() => import('./auth/RegisterPage')) },
  { path: '/forgot-password', screen: lazyScreen(() => import('./auth/ForgotPasswordPage')) },
  { path: '/reset-password', screen: lazyScreen(() => import('./auth/ResetPasswordPage')) },
  { path: '/verify-email', screen: lazyScreen(() => import('./auth/VerifyEmailPage')) },
  { path: '/accept-invitation', screen: lazyScreen(() => import('./auth/AcceptInvitationPage')) },
  { path: '/platform-warning', screen: lazyScreen(() => import('./screens/platform-warning/PlatformWarningScreen')) },
  { path: '/pwa-install', screen: lazyScreen(() => import('./screens/pwa-install/PwaInstallScreen')) },
];

/**
 * Screens inside the layout that decide for themselves whom they show (no route guard): /start,
 * a self-registered client's first screen, sends the signed-out to /login and others to /dashboard.
 */
export const accountScreens: ScreenRoute[] = [
  { path: '/start', screen: lazyScreen(() => import('./screens/start/ClientStartScreen')) },
];

export const LoginScreen = lazyScreen(() => import('./auth/LoginPage'));

/**
 * The layout (header, menu, banners and their components) loads after the entry, beside the first
 * screen: the sign-in page does not need it, and the entry stays within its size budget.
 */
export const loadLayout = () => import('./layout/AppLayout');
const Layout = lazy(() => loadLayout().then((m) => ({ default: m.AppLayout })));
export const LazyAppLayout = ({ children }: { children: ReactNode }) => (
  <Suspense fallback={<Loading />}>
    <Layout>{children}</Layout>
  </Suspense>
);

/** The screen inside the layout at `pathname` (/hr/leave/… is /hr/leave's), if any. */
export const screenAt = (pathname: string): LazyScreen | undefined =>
  [...protectedScreens, ...accountScreens].find(({ path }) => pathname === path || pathname.startsWith(`${path}/`))?.screen;
