import { PERMISSION_ACTIONS, type ModuleKey, type PermissionAction } from '../src/common/auth/auth-context';
import { recordScope } from '../src/common/auth/record-scope';
import { LEGACY_SCOPES } from '../src/database/migrations/Migration20261128180000';
import { PermissionsService, type EntryRow } from '../src/modules/permissions/permissions.service';
import { createTestApp, type TestApp } from './support/app';
import { createCompany, type CompanyFixture } from './support/fixtures';

type Flags = Record<PermissionAction, boolean>;

/**
 * Whose records a user who is not an admin covered in each module before rights had a scope: each
 * module decided it from the actions held over the union of the position's and the department's
 * entries (payroll: create or edit; leave: edit; attendance: never; the others: view).
 */
function before(module: ModuleKey, union: Flags): 'own' | 'company' {
  if (!union.view) return 'own';
  if (module === 'payroll') return union.create || union.edit ? 'company' : 'own';
  if (module === 'leave') return union.edit ? 'company' : 'own';
  if (module === 'attendance') return 'own';
  return 'company';
}

/** Every entry a matrix can hold on one module: none, or view with any of create, edit, delete. */
const ENTRIES: Array<Flags | null> = [null];
for (let i = 0; i < 8; i++) ENTRIES.push({ view: true, create: !!(i & 1), edit: !!(i & 2), delete: !!(i & 4) });

/**
 * The migration that gave rights a scope: every combination of a position's and a department's
 * entry on every module, written before scopes existed (every scope 'company', the column's
 * default), then migrated; each user then covers exactly what they covered before, and holds the
 * same actions. The demo's and the benchmark's grants are among these combinations.
 */
describe('scopes migration: nobody gains or loses access', () => {
  let t: TestApp;
  let c: CompanyFixture;
  const sql = <T = any>(query: string, params: unknown[] = []) => t.em().execute<T[]>(query, params);

  beforeAll(async () => {
    t = await createTestApp();
    c = await createCompany(t, 'Migration');
  });
  afterAll(() => t.close());

  it('keeps every user of every combination of entries covering the same records with the same actions', async () => {
    const company = c.company.id;
    const modules = await sql<{ id: number; module_key: ModuleKey }>('select id, module_key from modules order by id');
    const positions: number[] = [];
    const departments: number[] = [];
    for (let i = 0; i < ENTRIES.length; i++) {
      const [p] = await sql<{ id: number }>(
        `insert into positions (company_id, position_code, position_title) values (?, ?, ?) returning id`,
        [company, `MIG${i}`, `Migration ${i}`],
      );
      const [d] = await sql<{ id: number }>(
        `insert into departments (company_id, department_code, department_name) values (?, ?, ?) returning id`,
        [company, `MIG${i}`, `Migration ${i}`],
      );
      positions.push(p.id);
      departments.push(d.id);
      const flags = ENTRIES[i];
      if (!flags) continue;
      for (const m of modules) {
        for (const [column, subject] of [['position_id', p.id], ['department_id', d.id]] as const) {
          // written as before the migration: the scopes take the column's default
          await sql(
            `insert into permission_entries (company_id, module_id, ${column}, can_view, can_create, can_edit, can_delete) values (?, ?, ?, ?, ?, ?, ?)`,
            [company, m.id, subject, flags.view, flags.create, flags.edit, flags.delete],
          );
        }
      }
    }
    expect(await sql(`select distinct view_scope, edit_scope from permission_entries where company_id = ?`, [company])).toEqual([
      { view_scope: 'company', edit_scope: 'company' },
    ]);
    await sql(`${LEGACY_SCOPES} and pe.company_id = ?`, [company]);

    const plan = new Set(modules.map((m) => m.module_key));
    const differences: string[] = [];
    let users = 0;
    for (let pi = 0; pi < ENTRIES.length; pi++) {
      for (let di = 0; di < ENTRIES.length; di++) {
        const [e] = await sql<{ id: number }>(
          `insert into employees (company_id, employee_code, first_name, last_name, email, position_id, department_id)
           values (?, ?, 'Mig', ?, ?, ?, ?) returning id`,
          [company, `M${pi}${di}`, `User ${pi} ${di}`, `mig-${company}-${pi}-${di}@test.example.com`, positions[pi], departments[di]],
        );
        const [row] = await sql<{ rows: EntryRow[] }>('select employee_permission_entries(?, ?) as rows', [e.id, company]);
        const rights = PermissionsService.combine(plan, row.rows);
        const ctx = { role: 'employee' as const, selfService: false };
        users++;
        for (const m of modules) {
          const union = Object.fromEntries(
            PERMISSION_ACTIONS.map((a) => [a, !!ENTRIES[pi]?.[a] || !!ENTRIES[di]?.[a]]),
          ) as Flags;
          const held = rights.get(m.module_key);
          for (const action of PERMISSION_ACTIONS) {
            if (!!held?.[action] !== union[action]) differences.push(`${m.module_key} ${action} held ${pi}/${di}`);
          }
          const now = recordScope(ctx, rights, m.module_key, 'view');
          const then = before(m.module_key, union);
          if (now !== then) differences.push(`${m.module_key} position ${pi} department ${di}: ${then} → ${now}`);
        }
      }
    }
    expect(users).toBe(81);
    expect(differences).toEqual([]);
  });
});
