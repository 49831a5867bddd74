import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../common/auth/auth-context';
import { badRequest } from '../../common/http/errors';
import { Page } from '../../common/http/envelope';
import { Filter, idList, type ListQuery } from '../../common/http/list-query';
import { Company } from '../companies/company.entity';
import type { LeaveBalanceDto } from './dto/leave-request.dto';
import type { EffectivePermissions } from '../permissions/permissions.service';
import { LeaveAccess, seenEmployees } from './leave-access';
import { balanceSql, type BalanceFilter } from './leave-balances.sql';
import { todayIn } from './leave-days';

export const LEAVE_BALANCE_LIST = {
  sortable: ['employee_name'],
  filterable: ['year', 'employee_id', 'leave_type_id', 'mine'],
  defaultSort: ['employee_name', 'ASC'] as [string, 'ASC' | 'DESC'],
  maxLimit: 1000,
  filters: { year: Filter.year() },
};

type BalanceRow = LeaveBalanceDto & { approvable: string | null; total: string };

const strip = ({ approvable: _a, total: _t, ...rest }: BalanceRow): LeaveBalanceDto => ({
  ...rest,
  employee_id: Number(rest.employee_id),
  leave_type_id: Number(rest.leave_type_id),
  year: Number(rest.year),
});

@Injectable()
export class LeaveBalancesService {
  constructor(
    private readonly em: EntityManager,
    private readonly access: LeaveAccess,
  ) {}

  /** One's own balances and those of the people within the scope of one's leave view (`rights`: the request's). */
  async list(ctx: AuthContext, q: ListQuery, rights?: EffectivePermissions): Promise<Page<LeaveBalanceDto>> {
    const today = await this.today(ctx.companyId!);
    const f = q.filter;
    const year = f.year === undefined ? Number(today.slice(0, 4)) : Number(f.year);
    if (!Number.isInteger(year) || year < 1900 || year > 9999) throw badRequest('The year filter must be a year from 1900 to 9999', 'filter');
    const filter: BalanceFilter = {};
    if (f.employee_id !== undefined) filter.employeeIds = idList(f.employee_id, 'employee_id');
    if (f.leave_type_id !== undefined) filter.leaveTypeId = idList(f.leave_type_id, 'leave_type_id')[0];
    const scope = f.mine === true || f.mine === 'true' ? 'own' : await this.access.scope(ctx, 'view', rights);
    if (scope === 'own') {
      const own = ctx.employeeId ? [ctx.employeeId] : [];
      filter.employeeIds = filter.employeeIds ? filter.employeeIds.filter((id) => own.includes(id)) : own;
    } else {
      filter.people = seenEmployees(ctx, scope, 'e.id') ?? undefined;
    }
    const { sql, params } = balanceSql({ year, today, companyId: ctx.companyId! }, filter, { offset: q.offset, limit: q.limit });
    const rows = await this.em.execute<BalanceRow[]>(sql, params);
    const total = rows.length ? Number(rows[0].total) : 0;
    return new Page('leave-balances', rows.map(strip), q.offset, total);
  }

  /** One balance (for the checks of a request); null when the type does not exist. */
  async one(
    companyId: number,
    employeeId: number,
    leaveTypeId: number,
    year: number,
  ): Promise<(LeaveBalanceDto & { approvable: string | null }) | null> {
    const today = await this.today(companyId);
    const { sql, params } = balanceSql({ year, today, companyId }, { employeeIds: [employeeId], leaveTypeId, allTypes: true });
    const [row] = await this.em.execute<BalanceRow[]>(sql, params);
    return row ? { ...strip(row), approvable: row.approvable } : null;
  }

  private async today(companyId: number): Promise<string> {
    const company = await this.em.findOne(Company, { id: companyId }, { fields: ['time_zone'] });
    return todayIn(company?.time_zone ?? 'UTC');
  }
}
