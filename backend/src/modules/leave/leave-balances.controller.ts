import { Controller, Get, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthedRequest } from '../../common/auth/access.guard';
import { ApiAuthErrors, Auth, RequireModule, ScopedRecords } from '../../common/auth/decorators';
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
  @ScopedRecords()
  @ApiOperation({
    summary:
      'Leave balances per employee and leave type for a year (filters year (default this year), employee_id, leave_type_id, mine). ' +
      "Everyone sees their own and those of the people within the scope of their leave view (leave managers: the company; line managers: their team).",
  })
  @ApiListQuery()
  @ApiEnvelope(LeaveBalanceDto, { isArray: true })
  list(@Auth() ctx: AuthContext, @Req() req: AuthedRequest, @ListParams(LEAVE_BALANCE_LIST) q: ListQuery) {
    return this.balances.list(ctx, q, req.permissions);
  }
}
