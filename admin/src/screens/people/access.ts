import { useSession } from '../../auth/useSession';
import { toModuleAccess, type ModuleAccess } from '../../providers/session';

const NONE: ModuleAccess = { view: false, create: false, edit: false, delete: false };

/**
 * What the caller may do on a module's screen: add, edit, delete and the Actions column are for
 * superadmin and company_admin only (hr.md 6), and within the module rights the server enforces.
 */
export const useManageRights = (module: string) => {
  const session = useSession();
  const role = session.user?.role;
  const admin = role === 'superadmin' || role === 'company_admin';
  const modules = toModuleAccess(session.permissions);
  const rights = modules[module] ?? NONE;
  return {
    canCreate: admin && rights.create,
    canEdit: admin && rights.edit,
    canDelete: admin && rights.delete,
    canView: (key: string) => !!modules[key]?.view,
  };
};
