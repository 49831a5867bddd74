import { useSession } from '../../auth/useSession';
import { toModuleAccess } from '../../providers/session';

/**
 * What the caller may do on Leave Management: everyone with leave create requests leave;
 * company_admin, superadmin and holders of leave edit decide other people's requests (the server
 * enforces the same rules and refuses deciding one's own request).
 */
export const useLeaveRights = () => {
  const session = useSession();
  const role = session.user?.role;
  const admin = role === 'company_admin' || role === 'superadmin';
  const rights = toModuleAccess(session.permissions).leave;
  const employeeId = session.user?.employee_id == null ? null : Number(session.user.employee_id);
  return {
    admin,
    canRequest: admin || !!rights?.create,
    canDecide: admin || !!rights?.edit,
    employeeId,
  };
};
