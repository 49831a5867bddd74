import { EntityManager } from '@mikro-orm/postgresql';
import { Controller, Get, Module, Post } from '@nestjs/common';
import { RequireModule } from '../src/common/auth/decorators';
import { createTestApp, type TestApp } from './support/app';
import { bearer, createCompany, type CompanyFixture } from './support/fixtures';

/** Raw SQL with no company condition at all: only row-level security stands between companies. */
@Controller('rls-probe')
class RawSqlController {
  constructor(private readonly em: EntityManager) {}

  @Get('employees')
  @RequireModule('employees', 'view')
  async all() {
    return this.em.execute('select id, company_id from employees order by id');
  }

  @Post('write-other')
  @RequireModule('employees', 'view')
  async writeOther() {
    const other = await this.em.execute<{ id: number }[]>('select id from companies order by id desc limit 1');
    await this.em.execute(
      `insert into departments (company_id, department_code, department_name) values (?, 'X', 'Smuggled')`,
      [other[0].id],
    );
    return true;
  }

  @Get('write-own')
  @RequireModule('employees', 'view')
  async writeOwn() {
    await this.em.execute(
      `insert into departments (company_id, department_code, department_name) values (current_setting('app.company_id')::int, 'Y', 'Written by a read')`,
    );
    return true;
  }
}

@Module({ controllers: [RawSqlController] })
class RawSqlModule {}

describe('row-level security', () => {
  let t: TestApp;
  let a: CompanyFixture;
  let b: CompanyFixture;
  beforeAll(async () => {
    t = await createTestApp({ extraImports: [RawSqlModule] });
    a = await createCompany(t, 'Alpha');
    b = await createCompany(t, 'Beta');
  });
  afterAll(() => t.close());

  it("a raw query inside a request sees only the caller's company", async () => {
    const res = await t.http().get('/api/rls-probe/employees').set(bearer(a.tokens.company_admin));
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThan(0);
    expect(res.body.data.every((r: any) => r.company_id === a.company.id)).toBe(true);
    expect(res.body.data.some((r: any) => r.company_id === b.company.id)).toBe(false);
  });

  it("a raw insert into another company's data is refused and writes nothing", async () => {
    const res = await t.http().post('/api/rls-probe/write-other').set(bearer(a.tokens.company_admin));
    expect(res.status).toBe(404);
    expect(await t.em().getConnection().execute(`select count(*)::int n from departments where department_name = 'Smuggled'`)).toEqual([{ n: 0 }]);
  });

  it("a read's transaction is read-only: a write in a GET fails and writes nothing", async () => {
    const res = await t.http().get('/api/rls-probe/write-own').set(bearer(a.tokens.company_admin));
    expect(res.status).toBe(500);
    expect(res.body.success).toBe(false);
    expect(await t.em().getConnection().execute(`select count(*)::int n from departments where department_name = 'Written by a read'`)).toEqual([{ n: 0 }]);
  });
});
