import { CanActivate, ExecutionContext, HttpStatus, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { JwtService } from '@nestjs/jwt';
import { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyRequest } from 'fastify';
import type { Role } from '../../modules/users/user.entity';
import { PermissionsService, type EffectivePermissions, type EntryRow } from '../../modules/permissions/permissions.service';
import { PlanService, type PlanRow } from '../../modules/permissions/plan.service';
import { AuditService } from '../../modules/audit/audit.service';
import { ApiError, forbidden, unauthorized } from '../http/errors';
import { TENANT_FILTER } from '../tenancy/base.entity';
import type { AuthContext, ModuleKey, PermissionAction, TokenClaims } from './auth-context';
import {
  ALLOWED_WHILE_BLOCKED,
  ALLOWED_WHILE_IMPERSONATING,
  IMPERSONATION_REFUSED,
  IS_PUBLIC,
  isPlatformRoute,
  REQUIRED_MODULE,
  ROLES,
  SCOPED_RECORDS,
} from './decorators';
import { VerifiedTokens } from './verified-tokens';
import { SELF_SERVICE, SELF_SERVICE_OFF, selfServiceGives } from './self-service';
import { READ_METHODS } from '../http/read-methods';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface UserRow {
  id: number;
  role: Role;
  company_id: number | null;
  employee_id: number | null;
  is_active: boolean;
  session_version: number;
  /** the token's session (refresh-token family) is still open */
  session_open: boolean;
}

export type AuthedRequest = FastifyRequest & {
  auth?: AuthContext;
  permissions?: EffectivePermissions;
  /** the employee's permission entries, read with the user (see PermissionsService.effective) */
  entryRows?: EntryRow[];
};

/**
 * The one guard: reads the route's @Public / @Roles / @RequireModule, authenticates the bearer
 * token, loads the user (so a disabled user or a changed role takes effect at once), builds the
 * request's AuthContext and scopes the request's EntityManager to its company.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  private readonly verified = new VerifiedTokens();

  constructor(
    private readonly reflector: Reflector,
    private readonly jwt: JwtService,
    private readonly em: EntityManager,
    private readonly permissions: PermissionsService,
    private readonly plans: PlanService,
    private readonly audit: AuditService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<AuthedRequest>();
    try {
      return await this.check(context, req);
    } catch (e) {
      if (e instanceof ApiError && e.getStatus() === HttpStatus.FORBIDDEN && req.auth) await this.recordRefusal(req, e);
      throw e;
    }
  }

  /** Every permission refusal goes to the audit log (ASVS 16.3.2). */
  private recordRefusal(req: AuthedRequest, error: ApiError): Promise<void> {
    const auth = req.auth!;
    return this.audit.record({
      userId: auth.impersonatorId ?? auth.userId,
      companyId: auth.companyId,
      action: 'access.denied',
      method: req.method,
      path: req.url.split('?')[0],
      statusCode: HttpStatus.FORBIDDEN,
      ip: req.ip,
      details: { reason: (error.getResponse() as { message?: string }).message ?? null },
    });
  }

  private async check(context: ExecutionContext, req: AuthedRequest): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;

    const auth = await this.authenticate(req);
    req.auth = auth;
    this.em.setFilterParams(TENANT_FILTER, { companyId: auth.companyId ?? undefined });

    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES, targets);
    if (roles && !roles.includes(auth.role)) throw forbidden();
    // while impersonating, the session is the company's: no platform-wide route (companies,
    // packages, billing of all companies, analytics, the platform dashboard, CMS, system tools)
    if (auth.impersonatorId && isPlatformRoute(roles) && !this.reflector.getAllAndOverride<boolean>(ALLOWED_WHILE_IMPERSONATING, targets)) {
      throw forbidden(IMPERSONATION_REFUSED);
    }

    const required = this.reflector.getAllAndOverride<{ module: ModuleKey; action: PermissionAction } | undefined>(
      REQUIRED_MODULE,
      targets,
    );
    if (required) {
      if (!auth.companyId) {
        throw forbidden(
          auth.role === 'superadmin'
            ? 'Impersonate a company to work with its data'
            : 'Your account is not linked to a company',
        );
      }
      req.permissions = await this.permissions.effective(auth, req.entryRows);
      const scoped = !!this.reflector.getAllAndOverride<boolean>(SCOPED_RECORDS, targets);
      if (!PermissionsService.allows(req.permissions, required.module, required.action, scoped)) {
        await this.admitBySelfService(context, auth, required.module, required.action);
      }
    }
    // a company whose trial ended or whose subscription is suspended or cancelled reads, but does
    // not write: every write of a user working on a company (its users, an impersonating
    // superadmin) answers 402, except the routes marked @AllowedWhileBlocked and the platform's own
    // routes; the plan was read with the user (authenticate), so this costs no query
    if (
      auth.companyId &&
      !READ_METHODS.has(req.method) &&
      !isPlatformRoute(roles) &&
      !this.reflector.getAllAndOverride<boolean>(ALLOWED_WHILE_BLOCKED, targets)
    ) {
      const blocked = await this.plans.writeBlock(auth.companyId);
      if (blocked) throw new ApiError(HttpStatus.PAYMENT_REQUIRED, blocked);
    }
    return true;
  }

  /**
   * A caller without the matrix right may still use a route marked @SelfService on their own
   * records, when the company's self-service policy is on, the plan has the module and the policy
   * gives the action; the request is then marked selfService (the services keep it to the
   * caller's own employee record). Otherwise the refusal names the policy when it is what stands
   * in the way.
   */
  private async admitBySelfService(context: ExecutionContext, auth: AuthContext, module: ModuleKey, action: PermissionAction) {
    // the plan was read with the user (authenticate): a module it lacks is named in words
    const inPlan = (await this.plans.moduleKeys(auth.companyId!)).has(module);
    const refusal = forbidden(inPlan ? `You do not have ${action} access to the ${module} module` : PlanService.notIncluded(module));
    const marked = this.reflector.getAllAndOverride<boolean>(SELF_SERVICE, [context.getHandler(), context.getClass()]);
    if (!marked || !selfServiceGives(module, action) || !inPlan) throw refusal;
    const policy = await this.permissions.selfService(auth);
    if (!policy.eligible) throw refusal;
    if (!policy.enabled) throw forbidden(SELF_SERVICE_OFF);
    auth.selfService = true;
  }

  private async authenticate(req: AuthedRequest): Promise<AuthContext> {
    const header = req.headers.authorization;
    if (!header?.startsWith('Bearer ')) throw unauthorized('Authentication required');
    const token = header.slice(7);
    let claims = this.verified.get(token);
    if (!claims) {
      try {
        claims = await this.jwt.verifyAsync<TokenClaims & object>(token);
      } catch {
        throw unauthorized('Your session has expired, please sign in again');
      }
      this.verified.remember(token, claims);
    }
    // every token names its session; one without (or with a malformed one) is not ours
    if (typeof claims.sid !== 'string' || !UUID.test(claims.sid)) throw unauthorized('Your session has expired, please sign in again');
    // the user, whether the token's session is open, the plan of the company the request works on
    // and the employee's permission entries in one call of a function whose plan PostgreSQL keeps
    // (Migration20261124200000, Migration20261125100000)
    const [row] = await this.em.execute<Array<{ ctx: (UserRow & Partial<PlanRow> & { plan_company_id: number | null; entry_rows: EntryRow[] | null }) | null }>>(
      'select request_user_context(?, ?, ?) as ctx',
      [claims.sub, claims.cid ?? null, claims.sid],
    );
    const user = row?.ctx;
    // an ended session (logout, a reused refresh token, an impersonation stopped) and a raised
    // session_version (password changed, account or company disabled) end the tokens issued before
    if (!user || !user.is_active || !user.session_open || (claims.sv ?? 0) !== user.session_version) {
      throw unauthorized('Your session has expired, please sign in again');
    }
    const impersonating = user.role === 'superadmin' && !!claims.cid;
    if (user.plan_company_id && user.package_id) this.plans.remember(user.plan_company_id, user as PlanRow);
    req.entryRows = user.entry_rows ?? undefined;
    return {
      userId: user.id,
      role: user.role,
      companyId: impersonating ? claims.cid! : user.company_id,
      employeeId: user.employee_id,
      impersonatorId: impersonating ? user.id : null,
      sessionId: claims.sid,
    };
  }
}
