import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { AuthedRequest } from '../../common/auth/access.guard';
import { PASSWORD_MAX_LENGTH } from '../users/password-rule';
import { PasswordService } from './password.service';

/** A request whose current password was judged right by CurrentPasswordGuard. */
export type CurrentPasswordRequest = AuthedRequest & { currentPasswordVerified?: boolean };

/**
 * Judges the current password of change-password before the request's transaction begins (a
 * company user's request runs in one, and its refusal rolls back every write of it): the attempt
 * is claimed and recorded where a refusal cannot undo it, so wrong guesses count towards the
 * sign-in throttle for every user. A missing or malformed current password is left to the
 * body's validation (nothing is judged, nothing counted).
 */
@Injectable()
export class CurrentPasswordGuard implements CanActivate {
  constructor(private readonly passwords: PasswordService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<CurrentPasswordRequest>();
    const body = req.body as { current_password?: unknown } | null | undefined;
    const current = body && typeof body === 'object' ? body.current_password : undefined;
    if (!req.auth || typeof current !== 'string' || current === '' || current.length > PASSWORD_MAX_LENGTH) return true;
    await this.passwords.judgeCurrent(req.auth.userId, current, req.ip);
    req.currentPasswordVerified = true;
    return true;
  }
}
