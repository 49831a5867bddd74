import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { decideAccess, ROUTE_ACCESS, type AccessRule, type ProtectedPath } from '../access';
import { AccessDenied } from './AccessDenied';
import { usePlatformRedirect } from './usePlatformRedirect';
import { useSession } from './useSession';

interface RouteGuardProps {
  /** the route whose rule (src/access.ts) applies */
  path: ProtectedPath;
  children: ReactNode;
}

/**
 * Spec 2.2, for every protected route: not signed in → /login; role or module not allowed → a page
 * saying why (the plan, the position's rights or the role), with the way back to /dashboard.
 * Then the platform rule (platform.md 6): superadmin in PWA mode → /platform-warning; client or
 * employee in a browser whose position does not allow the web → /pwa-install.
 */
export const RouteGuard = ({ path, children }: RouteGuardProps) => (
  <RuleGuard rule={ROUTE_ACCESS[path]}>{children}</RuleGuard>
);

export const RuleGuard = ({ rule, children }: { rule: AccessRule; children: ReactNode }) => {
  const session = useSession();
  const location = useLocation();
  const decision = decideAccess(rule, session);
  const platform = usePlatformRedirect(session);
  if (decision === 'login') {
    return <Navigate to="/login" replace state={{ nextPathname: location.pathname, nextSearch: location.search }} />;
  }
  if (decision === 'dashboard') {
    // not a silent redirect: the page says why (the plan, the position's rights, the role)
    return location.pathname === '/dashboard' ? null : <AccessDenied rule={rule} session={session} pathname={location.pathname} />;
  }
  if (platform === 'pending') return null;
  if (platform) return <Navigate to={platform} replace />;
  return <>{children}</>;
};
