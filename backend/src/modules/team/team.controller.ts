import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthContext } from '../../common/auth/auth-context';
import { Auth, RequireModule, Rights, ScopedRecords } from '../../common/auth/decorators';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import type { EffectivePermissions } from '../permissions/permissions.service';
import { TeamCalendarDto, TeamCalendarQueryDto, TeamTodayDto } from './dto/team.dto';
import { TeamService } from './team.service';

@ApiTags('team')
@Controller('hr/team')
export class TeamController {
  constructor(private readonly team: TeamService) {}

  @Get('today')
  @RequireModule('attendance', 'view')
  @ScopedRecords()
  @ApiOperation({
    summary: 'Who of the people the caller covers is in, late, absent or on leave today',
    description:
      "The caller's scope of attendance view decides whom: a line manager's team (everyone who reports to them, directly or " +
      "through others), a department, or the company; the caller is not listed. Today is the company's.",
  })
  @ApiEnvelope(TeamTodayDto)
  today(@Auth() ctx: AuthContext, @Rights() rights: EffectivePermissions) {
    return this.team.today(ctx, rights);
  }

  @Get('calendar')
  @RequireModule('leave', 'view')
  @ScopedRecords()
  @ApiOperation({
    summary: "A month's leave calendar of the people the caller covers, with the company's holidays",
    description:
      "Pending and approved leave overlapping the month of everyone in the caller's scope of leave view and the caller's own; " +
      "each says whether it overlaps someone else's.",
  })
  @ApiEnvelope(TeamCalendarDto)
  @ApiBadRequestResponse({ description: "year or month out of range, or one without the other: 'Month must be a whole number from 1 to 12'" })
  calendar(@Auth() ctx: AuthContext, @Rights() rights: EffectivePermissions, @Query() q: TeamCalendarQueryDto) {
    return this.team.calendar(ctx, rights, q.year !== undefined && q.month !== undefined ? { year: q.year, month: q.month } : undefined);
  }
}
