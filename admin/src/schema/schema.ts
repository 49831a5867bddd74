import schema from 'virtual:console-schema';
import { useSession } from '../auth/useSession';
import { isImpersonating, toModuleAccess, type Session } from '../providers/session';
import type { ObjectSchema, OperationRule, ResourceSchema } from './compact';

export const resourceSchema = (name: string): ResourceSchema => {
  const found = schema.resources[name];
  if (!found) throw new Error(`The API document has no collection ${name}`);
  return found;
};

/** The body of an operation on one record beyond its update (see ConsoleSchema.actions). */
export const actionSchema = (key: string): ObjectSchema => {
  const found = schema.actions[key];
  if (!found) throw new Error(`The API document has no body for ${key}`);
  return found;
};

export type Operation = keyof ResourceSchema['operations'];

/**
 * Whether the session may call an operation: the roles and the module right the server's guard
 * checks (the plan's modules are already in the session's effective permissions). A superadmin
 * outside a company is bound by roles only, as on the server.
 */
export function allows(rule: OperationRule | undefined, session: Session): boolean {
  if (!rule || !session.user) return false;
  const { role } = session.user;
  if (rule.roles && !rule.roles.includes(role)) return false;
  if (!rule.module || !rule.action) return true;
  if (role === 'superadmin' && !isImpersonating(session)) return true;
  return !!toModuleAccess(session.permissions)[rule.module]?.[rule.action];
}

export const useRights = (resource: ResourceSchema) => {
  const session = useSession();
  const can = (operation: Operation) => allows(resource.operations[operation], session);
  return {
    list: can('list'),
    show: can('get'),
    create: can('create') && !!resource.create,
    edit: can('update') && !!resource.update,
    delete: can('delete'),
  };
};

export { useLabels } from './labels';
