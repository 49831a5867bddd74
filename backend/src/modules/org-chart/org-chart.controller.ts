import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RequireModule, ScopedRecords } from '../../common/auth/decorators';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { badRequest } from '../../common/http/errors';
import { Access, type EmployeeAccess } from '../employees/employee-access';
import { OrgChartNodeDto, OrgChartQueryDto } from './dto/org-chart.dto';
import { MAX_MATCHES, OrgChartService } from './org-chart.service';

export const EXPAND_OR_SEARCH = 'Expand an employee or search by name, not both at once';

@ApiTags('org-chart')
@Controller('hr/org-chart')
export class OrgChartController {
  constructor(private readonly chart: OrgChartService) {}

  @Get()
  @RequireModule('employees', 'view')
  @ScopedRecords()
  @ApiOperation({
    summary: 'Who reports to whom: the top of the chart, the direct reports of one employee, or a search by name',
    description:
      "The chart holds the employees within the caller's view scope of employees, terminated employees left out. " +
      'Without parameters: its top. For the company, the employees with no manager (or whose manager has left); ' +
      "for a department, its people whose manager is outside it; for a team (a line manager's), the caller, everyone else below them; " +
      'for one\'s own record, the caller. manager_id: the direct reports of that employee. ' +
      `q: up to ${MAX_MATCHES} employees whose first or last name holds every word, each with path, the chain from the top down to them. Sorted by name.`,
  })
  @ApiEnvelope(OrgChartNodeDto, { isArray: true })
  @ApiBadRequestResponse({ description: `manager_id is not a valid ID; q is shorter than 2 characters; or "${EXPAND_OR_SEARCH}"` })
  @ApiNotFoundResponse({ description: "manager_id is not an employee on the caller's chart (another company's, outside their scope, or terminated)" })
  list(@Access() access: EmployeeAccess, @Query() query: OrgChartQueryDto) {
    const { ctx, viewScope: scope } = access;
    if (query.q !== undefined && query.manager_id !== undefined) throw badRequest(EXPAND_OR_SEARCH, 'q');
    if (query.q !== undefined) return this.chart.search(ctx, scope, query.q);
    if (query.manager_id !== undefined) return this.chart.reports(ctx, scope, query.manager_id);
    return this.chart.top(ctx, scope);
  }
}
