import { Navigate } from 'react-router-dom';
import { useSession } from '../../auth/useSession';
import { isImpersonating } from '../../providers/session';
import CompanyDashboard from './CompanyDashboard';
import EmployeeHome from './EmployeeHome';
import PlatformDashboard from './PlatformDashboard';

/**
 * /dashboard (spec 2.12): platform view for a superadmin, the employee's own home for the employee
 * role (their own figures, never company totals), company view for everyone else.
 */
export default function DashboardScreen() {
  const session = useSession();
  const role = session.user?.role;

  if (role === 'superadmin' && !isImpersonating(session)) return <PlatformDashboard />;
  // a self-registered client has no company yet: their start screen says how to get one
  if (role === 'client') return <Navigate to="/start" replace />;
  if (role === 'employee') return <EmployeeHome />;

  return <CompanyDashboard />;
}
