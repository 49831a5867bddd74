import { Navigate } from 'react-router-dom';
import { useSession } from '../../auth/useSession';
import { isImpersonating } from '../../providers/session';
import CompanyDashboard from './CompanyDashboard';
import PlatformDashboard from './PlatformDashboard';

/** /dashboard (spec 2.12): platform view for a superadmin, company view for everyone else. Cards come later. */
export default function DashboardScreen() {
  const session = useSession();

  if (session.user?.role === 'superadmin' && !isImpersonating(session)) return <PlatformDashboard />;
  // a self-registered client has no company yet: their start screen says how to get one
  if (session.user?.role === 'client') return <Navigate to="/start" replace />;

  return <CompanyDashboard />;
}
