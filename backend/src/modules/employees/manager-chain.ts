import type { EntityManager } from '@mikro-orm/postgresql';
import { badRequest } from '../../common/http/errors';

/** Who reports to whom, as far up as a company's chain can go (a guard, not a limit anyone meets). */
const MAX_DEPTH = 10_000;

interface Person {
  id: number;
  first_name: string;
  last_name: string;
}

const nameOf = (p: Person) => `${p.first_name} ${p.last_name}`.trim();

/**
 * Refuses a manager who reports to the employee, directly or through others: the chain of
 * managers would go round in a circle, and a team (everyone below someone) would have no end.
 * The caller holds the company's lock, so two changes at once cannot close a circle between them.
 */
export async function assertManagerOutsideTeam(em: EntityManager, employee: Person, manager: Person): Promise<void> {
  const [row] = await em.execute<Array<{ found: number }>>(
    `with recursive up(id, depth) as (
       select ?::int, 0
       union all
       select e.manager_id, up.depth + 1 from employees e join up on e.id = up.id
        where e.manager_id is not null and up.depth < ${MAX_DEPTH}
     )
     select 1 as found from up where id = ? limit 1`,
    [manager.id, employee.id],
  );
  if (row) {
    throw badRequest(
      `${nameOf(manager)} cannot be ${nameOf(employee)}'s manager: ${nameOf(manager)} reports to ${nameOf(employee)}, directly or through others`,
      'manager_id',
    );
  }
}

/**
 * The rows of an import file whose managers, within the file, lead back to themselves
 * (A's manager is B, B's is A): the row and the circle in codes, as the file writes them.
 */
export function managerCircles(rows: Array<{ row: number; code: string; manager: string | null }>): Array<{ row: number; circle: string[] }> {
  const byCode = new Map(rows.map((r) => [r.code.toLowerCase(), r]));
  const found: Array<{ row: number; circle: string[] }> = [];
  for (const start of rows) {
    const path = [start.code];
    let next = start.manager ? byCode.get(start.manager.toLowerCase()) : undefined;
    while (next && path.length <= rows.length) {
      path.push(next.code);
      if (next === start) {
        found.push({ row: start.row, circle: path });
        break;
      }
      next = next.manager ? byCode.get(next.manager.toLowerCase()) : undefined;
    }
  }
  return found;
}
