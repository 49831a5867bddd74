import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAuthErrors, Auth, RequireModule } from '../../common/auth/decorators';
import { SelfService } from '../../common/auth/self-service';
import type { AuthContext } from '../../common/auth/auth-context';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { ApiListQuery, ListParams, type ListQuery } from '../../common/http/list-query';
import { LeaveBalanceDto } from './dto/leave-request.dto';
import { LEAVE_BALANCE_LIST, LeaveBalancesService } from './leave-balances.service';

@ApiTags('leave')
@ApiAuthErrors()
@Controller('hr/leave-balances')
export class LeaveBalancesController {
  constructor(private readonly balances: LeaveBalancesService) {}

  @Get()
  @RequireModule('leave', 'view')
  @SelfService()
  @ApiOperation({
    summary:
      'Leave balances per employee and leave type for a year (filters year (default this year), employee_id, leave_type_id, mine). ' +
      'Employees see their own; leave managers everyone.',
  })
  @ApiListQuery()
  @ApiEnvelope(LeaveBalanceDto, { isArray: true })
  list(@Auth() ctx: AuthContext, @ListParams(LEAVE_BALANCE_LIST) q: ListQuery) {
    return this.balances.list(ctx, q);
  }
}
