import { applyDecorators, createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import { ApiExtension, ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Role } from '../../modules/users/user.entity';
import type { AuthContext, ModuleKey, PermissionAction } from './auth-context';

export const IS_PUBLIC = 'access:public';
export const ROLES = 'access:roles';
export const REQUIRED_MODULE = 'access:module';
export const SCOPED_RECORDS = 'access:scoped-records';
export const ALLOWED_WHILE_BLOCKED = 'access:allowed-while-blocked';
export const ALLOWED_WHILE_IMPERSONATING = 'access:allowed-while-impersonating';

/**
 * The refusal of a platform route (superadmin only) to a superadmin who impersonates a company:
 * while impersonating, the session is the company's, so it reaches no platform-wide route.
 */
export const IMPERSONATION_REFUSED = "Exit impersonation to use the platform's tools: while impersonating, you work as the company";

/** No sign-in needed. */
export const Public = () => applyDecorators(SetMetadata(IS_PUBLIC, true), ApiExtension('x-public', true));

/** Only these roles; anyone else gets 403. */
export const Roles = (...roles: Role[]) =>
  applyDecorators(
    SetMetadata(ROLES, roles),
    ApiExtension('x-roles', roles),
    ApiForbiddenResponse({ description: `Only ${roles.join(', ')}` }),
  );

/**
 * The caller needs this action on this module: the company's plan ∩ the caller's permissions
 * (company_admin and an impersonating superadmin have every module of the plan).
 */
export const RequireModule = (module: ModuleKey, action: PermissionAction = 'view') =>
  applyDecorators(
    SetMetadata(REQUIRED_MODULE, { module, action }),
    ApiExtension('x-permission', { module, action }),
    ApiForbiddenResponse({ description: `Requires ${action} on module ${module}` }),
  );

/**
 * The route works on employee records within the caller's scope of its module's right
 * (record-scope.ts): its results, or the records it changes, are limited to the caller's own,
 * team, department or company. The rights of the line-manager policy let in only such routes.
 */
export const ScopedRecords = () => applyDecorators(SetMetadata(SCOPED_RECORDS, true), ApiExtension('x-scoped-records', true));

/**
 * A write a company may still make while its trial has ended or its subscription is suspended or
 * cancelled (every other write of a company then answers 402): its own password, asking for a plan.
 */
export const AllowedWhileBlocked = () =>
  applyDecorators(SetMetadata(ALLOWED_WHILE_BLOCKED, true), ApiExtension('x-allowed-while-blocked', true));

/**
 * A platform route a superadmin may call while impersonating: only starting another impersonation
 * and stopping it (every other platform route answers 403 IMPERSONATION_REFUSED then).
 */
export const AllowedWhileImpersonating = () =>
  applyDecorators(SetMetadata(ALLOWED_WHILE_IMPERSONATING, true), ApiExtension('x-allowed-while-impersonating', true));

/** A route only the superadmin may call works on the platform, not on a company's data. */
export const isPlatformRoute = (roles: readonly Role[] | undefined): boolean =>
  !!roles?.length && roles.every((r) => r === 'superadmin');

/**
 * Documents the 402 of the access guard on every operation it applies to: a write (not GET) that
 * is neither public, nor platform-only, nor marked @AllowedWhileBlocked.
 */
export function addWriteBlockedResponses(doc: { paths: Record<string, any> }): void {
  for (const item of Object.values(doc.paths)) {
    for (const [method, op] of Object.entries<any>(item)) {
      if (!['post', 'put', 'patch', 'delete'].includes(method) || !op || op['x-public']) continue;
      if (op['x-allowed-while-blocked'] || isPlatformRoute(op['x-roles'])) continue;
      op.responses ??= {};
      op.responses['402'] ??= {
        description: "The company's trial has ended or its subscription is suspended or cancelled: it reads but does not write",
      };
    }
  }
}

export const ApiAuthErrors = () => ApiUnauthorizedResponse({ description: 'Missing, invalid or expired access token' });

/** The request's AuthContext (set by the access guard). */
export const Auth = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthContext => {
  return ctx.switchToHttp().getRequest().auth;
});

/** The request's effective permissions (set by the access guard on routes with @RequireModule). */
export const Rights = createParamDecorator((_: unknown, ctx: ExecutionContext) => {
  return ctx.switchToHttp().getRequest().permissions;
});
