import { Injectable } from '@nestjs/common';
import type { AuthContext } from '../../common/auth/auth-context';
import { ownRecordsOnly } from '../../common/auth/self-service';
import { coversCompany } from '../../common/auth/record-scope';
import { PermissionsService } from '../permissions/permissions.service';

/**
 * Who manages leave: company_admin, an impersonating superadmin, or a user whose position or
 * department has edit on module leave (recordScope). Managers see and decide everyone's requests; others see
 * only their own, as does a request the self-service policy let in.
 */
@Injectable()
export class LeaveAccess {
  constructor(private readonly permissions: PermissionsService) {}

  async isManager(ctx: AuthContext): Promise<boolean> {
    // the rights are read only when the role and the self-service mark do not decide it
    if (ownRecordsOnly(ctx)) return false;
    if (ctx.role === 'company_admin' || ctx.role === 'superadmin') return true;
    return coversCompany(ctx, await this.permissions.effective(ctx), 'leave');
  }
}
