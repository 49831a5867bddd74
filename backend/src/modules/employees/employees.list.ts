import type { EntityManager } from '@mikro-orm/postgresql';
import { badRequest } from '../../common/http/errors';
import { escapeLike } from '../../common/http/fields';
import { idList, type ListQuery } from '../../common/http/list-query';
import type { EmployeeResponseDto } from './dto/employee.dto';
import { EMPLOYMENT_STATUSES, EMPLOYMENT_TYPES } from './employee.entity';

/** What each sortable field orders by (the id follows as the tie-break). */
const SORT: Record<string, { sql: string[]; joins?: string }> = {
  id: { sql: [] },
  employee_code: { sql: ['e.employee_code'] },
  first_name: { sql: ['e.first_name'] },
  last_name: { sql: ['e.last_name'] },
  name: { sql: ['e.first_name', 'e.last_name'] },
  email: { sql: ['e.email'] },
  department_name: { sql: ['d.department_name'], joins: 'left join departments d on d.id = e.department_id' },
  position_title: { sql: ['p.position_title'], joins: 'left join positions p on p.id = e.position_id' },
  employment_status: { sql: ['e.employment_status'] },
  employment_type: { sql: ['e.employment_type'] },
  hire_date: { sql: ['e.hire_date'] },
  salary: { sql: ['e.salary'] },
  created_at: { sql: ['e.created_at'] },
};

/**
 * A word of q must occur in first name, last name, code or email: employee_search_ids (see
 * Migration20261124160000) answers the ids of the transaction's company that match, through a
 * trigram index where pg_trgm is installed.
 */
const SEARCH = `e.id in (select employee_search_ids(?))`;

const MAX_ID = 2147483647;
const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const day = (column: string) => `to_char(${column}, 'YYYY-MM-DD')`;

/** The response fields of an employee row `e` (with its department d, position p, manager m, login u). */
const COLUMNS = `
  e.id, e.company_id, e.employee_code, e.first_name, e.last_name, e.middle_name, e.email, e.phone,
  ${day('e.date_of_birth')} as date_of_birth, e.gender, e.address, e.city, e.state, e.country, e.postal_code,
  e.department_id, d.department_name, e.position_id, p.position_title,
  e.manager_id, case when m.id is not null then m.first_name || ' ' || m.last_name end as manager_name,
  e.employment_type, e.employment_status, ${day('e.hire_date')} as hire_date, ${day('e.termination_date')} as termination_date,
  e.salary, e.salary_currency, e.payment_frequency,
  e.emergency_contact_name, e.emergency_contact_phone, e.emergency_contact_relationship,
  u.id as user_id, u.username, ${iso('e.created_at')} as created_at, ${iso('e.updated_at')} as updated_at`;

interface Where {
  sql: string;
  params: unknown[];
}

/** The list's conditions on employees `e`; raw SQL bypasses the tenant filter, so the company is bound here. */
export function employeeWhere(companyId: number, filter: Record<string, unknown>): Where {
  const parts = ['e.company_id = ?'];
  const params: unknown[] = [companyId];
  const ids = (column: string, field: string) => {
    if (filter[field] === undefined) return;
    parts.push(`${column} = any(?::int[])`);
    // an id past the int4 range names no row
    params.push(`{${idList(filter[field], field).map((id) => (id > MAX_ID ? -1 : id)).join(',')}}`);
  };
  const oneOf = (field: string, allowed: readonly string[]) => {
    if (filter[field] === undefined) return;
    const list = Array.isArray(filter[field]) ? (filter[field] as unknown[]) : [filter[field]];
    if (!list.every((v) => typeof v === 'string' && allowed.includes(v))) {
      throw badRequest(`filter: ${field} must be one of ${allowed.join(', ')}`, 'filter');
    }
    parts.push(`e.${field} = any(?::text[])`);
    params.push(`{${list.join(',')}}`);
  };
  ids('e.id', 'id');
  ids('e.company_id', 'company_id');
  ids('e.department_id', 'department_id');
  ids('e.position_id', 'position_id');
  ids('e.manager_id', 'manager_id');
  oneOf('employment_status', EMPLOYMENT_STATUSES);
  oneOf('employment_type', EMPLOYMENT_TYPES);
  if (filter.q !== undefined) {
    if (typeof filter.q !== 'string') throw badRequest('filter: q must be text', 'filter');
    // every word must match one of the fields: "jane doe" finds Jane Doe
    for (const term of filter.q.trim().split(/\s+/).filter(Boolean).slice(0, 5)) {
      parts.push(SEARCH);
      params.push(`%${escapeLike(term)}%`);
    }
  }
  return { sql: parts.join(' and '), params };
}

/**
 * One page of employees in one statement: the ids of the page and the exact total of the
 * conditions (sorted on the employee columns alone, which for the default sort is an index-only
 * scan however deep the page), then their rows with department, position, manager and login.
 */
export async function employeePage(
  em: EntityManager,
  companyId: number,
  q: ListQuery,
): Promise<{ rows: EmployeeResponseDto[]; total: number }> {
  const where = employeeWhere(companyId, q.filter);
  const sort = SORT[q.sort.field];
  const dir = q.sort.order === 'DESC' ? 'desc' : 'asc';
  const orderBy = [...sort.sql, 'e.id'].map((c) => `${c} ${dir}`).join(', ');
  const rows = await em.execute<Array<EmployeeResponseDto & { total: number }>>(
    `with page as (
       select e.id, count(*) over ()::int as total from employees e ${sort.joins ?? ''}
        where ${where.sql} order by ${orderBy} limit ? offset ?
     )
     select ${COLUMNS}, page.total
       from page
       join employees e on e.id = page.id
       left join departments d on d.id = e.department_id
       left join positions p on p.id = e.position_id
       left join employees m on m.id = e.manager_id
       left join users u on u.employee_id = e.id
      order by ${orderBy}`,
    [...where.params, q.limit, q.offset],
  );
  // past the last row the page is empty and carries no total
  const total = rows.length
    ? rows[0].total
    : (await em.execute<Array<{ total: number }>>(`select count(*)::int as total from employees e where ${where.sql}`, where.params))[0].total;
  return { rows: rows.map(toResponse), total };
}

function toResponse({ total: _total, ...row }: EmployeeResponseDto & { total: number }): EmployeeResponseDto {
  return { ...row, created_at: new Date(row.created_at), updated_at: new Date(row.updated_at) };
}
