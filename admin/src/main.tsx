import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import { STORAGE_KEYS } from './providers/session';
import { InstallPromptOverlay } from './pwa/InstallPromptOverlay';
import { captureInstallPrompt } from './pwa/installPrompt';
import { startOfflineQueue } from './pwa/offlineQueue';
import { registerServiceWorker } from './pwa/registerServiceWorker';

/**
 * The chunks of the screens a console page opens on most often, the same modules routes.tsx loads
 * lazily (an import of the same module is one request and one evaluation, whoever asks first).
 * Left to React, a signed-in page loads the layout, renders it, and only then asks for the screen;
 * and after sign-in the layout and the dashboard wait for the sign-in's answer.
 */
const layout = () => import('./layout/AppLayout');
const SCREENS: [RegExp, () => Promise<unknown>][] = [
  [/^\/dashboard\/?$/, () => import('./screens/dashboard/DashboardScreen')],
  [/^\/companies(\/|$)/, () => import('./screens/companies/CompaniesScreen')],
  [/^\/packages(\/|$)/, () => import('./screens/packages/PackagesScreen')],
  [/^\/billing(\/|$)/, () => import('./screens/billing/BillingScreen')],
  [/^\/analytics(\/|$)/, () => import('./screens/analytics/AnalyticsScreen')],
  [/^\/settings(\/|$)/, () => import('./screens/settings/SettingsScreen')],
  [/^\/hr\/attendance(\/|$)/, () => import('./screens/attendance/AttendanceScreen')],
  [/^\/hr\/leave(\/|$)/, () => import('./screens/leave/LeaveScreen')],
  [/^\/hr\/payroll(\/|$)/, () => import('./screens/payroll/PayrollScreen')],
  [/^\/hr\/reports(\/|$)/, () => import('./screens/reports/ReportsScreen')],
];
const ignore = () => undefined;

function preloadFirstScreen(pathname: string): void {
  if (!localStorage.getItem(STORAGE_KEYS.token)) {
    if (pathname !== '/login') return;
    // the sign-in page: while the person types, fetch what the first screen after it needs
    const idle = (cb: () => void) => ('requestIdleCallback' in window ? requestIdleCallback(cb, { timeout: 3000 }) : setTimeout(cb, 1500));
    window.addEventListener('load', () => idle(() => void Promise.all([layout(), SCREENS[0][1]()]).catch(ignore)), { once: true });
    return;
  }
  const screen = SCREENS.find(([path]) => path.test(pathname));
  if (!screen) return;
  void layout().catch(ignore);
  void screen[1]().catch(ignore);
}

// before the first render: the browser's install offer may come at once
captureInstallPrompt();

// the layout and the screen of this address start loading now, side by side
preloadFirstScreen(window.location.pathname);

// react-admin would use a hash router by default; the spec's routes are real paths
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
    <InstallPromptOverlay />
  </StrictMode>,
);

startOfflineQueue();
if (import.meta.env.PROD) registerServiceWorker();
