import { forbidden } from '../http/errors';
import type { AuthContext } from './auth-context';

/** The company the request works on; a superadmin must impersonate one first. */
export function requireCompany(ctx: AuthContext): number {
  if (ctx.companyId) return ctx.companyId;
  throw forbidden(ctx.role === 'superadmin' ? 'Impersonate a company to work with its data' : 'Your account is not linked to a company');
}
