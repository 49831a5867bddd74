import { Controller, Get, Module, Param, ParseIntPipe } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { Auth, RequireModule, Roles } from '../../src/common/auth/decorators';
import type { AuthContext } from '../../src/common/auth/auth-context';
import { notFound } from '../../src/common/http/errors';
import { ListParams, type ListQuery } from '../../src/common/http/list-query';
import { Page } from '../../src/common/http/envelope';
import { Employee } from '../../src/modules/employees/employee.entity';

const LIST = { sortable: ['id', 'employee_code'], filterable: ['q'], defaultSort: ['id', 'ASC'] as ['id', 'ASC'] };

/**
 * A tenant-scoped resource used only by the tests, to prove the shared pieces every module
 * relies on: the guard's decorators, the tenant filter and the list envelope.
 */
@Controller('probe')
class ProbeController {
  constructor(private readonly em: EntityManager) {}

  @Get('employees')
  @RequireModule('employees', 'view')
  async list(@ListParams(LIST) q: ListQuery) {
    const [items, total] = await this.em.findAndCount(
      Employee,
      {},
      { orderBy: { [q.sort.field]: q.sort.order }, offset: q.offset, limit: q.limit },
    );
    return new Page('probe/employees', items.map((e) => ({ id: e.id, employee_code: e.employee_code })), q.offset, total);
  }

  @Get('employees/:id')
  @RequireModule('employees', 'view')
  async one(@Param('id', ParseIntPipe) id: number) {
    const e = await this.em.findOne(Employee, { id });
    if (!e) throw notFound('Employee');
    return { id: e.id, company_id: e.company.id };
  }

  @Get('employees/:id/delete-right')
  @RequireModule('employees', 'delete')
  canDelete() {
    return true;
  }

  @Get('platform')
  @Roles('superadmin')
  platform(@Auth() ctx: AuthContext) {
    return { userId: ctx.userId };
  }
}

@Module({ controllers: [ProbeController] })
export class ProbeModule {}
