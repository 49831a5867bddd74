import { applyDecorators, createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import { ApiExtension, ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Role } from '../../modules/users/user.entity';
import type { AuthContext, ModuleKey, PermissionAction } from './auth-context';

export const IS_PUBLIC = 'access:public';
export const ROLES = 'access:roles';
export const REQUIRED_MODULE = 'access:module';

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

export const ApiAuthErrors = () => ApiUnauthorizedResponse({ description: 'Missing, invalid or expired access token' });

/** The request's AuthContext (set by the access guard). */
export const Auth = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthContext => {
  return ctx.switchToHttp().getRequest().auth;
});
