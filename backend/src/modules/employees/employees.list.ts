import type { EntityManager } from '@mikro-orm/postgresql';
import { badRequest } from '../../common/http/errors';
import type { ScopeCondition } from '../../common/auth/record-scope';
import { setRecent } from '../../common/recent-map';
import { executePrepared } from '../../database/prepared-statements';
import { escapeLike, fieldWords, oneOf as wordList } from '../../common/http/fields';
import { idList, type ListQuery } from '../../common/http/list-query';
import type { EmployeeResponseDto } from './dto/employee.dto';
import { EMPLOYMENT_STATUSES, EMPLOYMENT_TYPES } from './employee.entity';
import { invitationStateSql, inviterNameSql } from '../auth/invitations.service';

/**
 * What each sortable field orders by (the id follows as the tie-break): `page` on the employee
 * rows e (with d or p joined where named), `rows` the same order on the answer's columns.
 */
const SORT: Record<string, { page: string[]; rows: string[]; join?: string }> = {
  id: { page: [], rows: [] },
  employee_code: { page: ['e.employee_code'], rows: ['employee_code'] },
  first_name: { page: ['e.first_name'], rows: ['first_name'] },
  last_name: { page: ['e.last_name'], rows: ['last_name'] },
  name: { page: ['e.first_name', 'e.last_name'], rows: ['first_name', 'last_name'] },
  email: { page: ['e.email'], rows: ['email'] },
  department_name: {
    page: ['d.department_name'],
    rows: ['department_name'],
    join: 'left join departments d on d.id = e.department_id',
  },
  position_title: { page: ['p.position_title'], rows: ['position_title'], join: 'left join positions p on p.id = e.position_id' },
  employment_status: { page: ['e.employment_status'], rows: ['employment_status'] },
  employment_type: { page: ['e.employment_type'], rows: ['employment_type'] },
  // YYYY-MM-DD and ISO 8601 in UTC sort as the dates and times they write
  hire_date: { page: ['e.hire_date'], rows: ['hire_date'] },
  salary: { page: ['e.salary'], rows: ['salary'] },
  created_at: { page: ['e.created_at'], rows: ['created_at'] },
};

const MAX_ID = 2147483647;
const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const day = (column: string) => `to_char(${column}, 'YYYY-MM-DD')`;

/**
 * The response fields of an employee row e. Names of related rows are scalar subqueries rather
 * than joins: planned in a fraction of the time, and read for the page's rows only. The pay
 * columns are read only for a caller who sees pay (employee-access.ts); without them the
 * serializer leaves the fields out.
 */
const PAY_COLUMNS = 'e.salary, e.salary_currency, e.payment_frequency,';
const COLUMNS_WITH_PAY = `
  e.id, e.company_id, e.employee_code, e.first_name, e.last_name, e.middle_name, e.email, e.phone,
  ${day('e.date_of_birth')} as date_of_birth, e.gender, e.address, e.city, e.state, e.country, e.postal_code,
  e.department_id, (select d.department_name from departments d where d.id = e.department_id) as department_name,
  e.position_id, (select p.position_title from positions p where p.id = e.position_id) as position_title,
  e.manager_id, (select m.first_name || ' ' || m.last_name from employees m where m.id = e.manager_id) as manager_name,
  e.employment_type, e.employment_status, ${day('e.hire_date')} as hire_date, ${day('e.termination_date')} as termination_date,
  ${PAY_COLUMNS}
  e.emergency_contact_name, e.emergency_contact_phone, e.emergency_contact_relationship,
  (select u.id from users u where u.employee_id = e.id) as user_id,
  (select u.username from users u where u.employee_id = e.id) as username,
  (select ${invitationStateSql('i', 'now()')} from employee_invitations i where i.employee_id = e.id order by i.id desc limit 1) as invitation_status,
  (select ${iso('i.sent_at')} from employee_invitations i where i.employee_id = e.id order by i.id desc limit 1) as invitation_sent_at,
  (select ${iso('i.expires_at')} from employee_invitations i where i.employee_id = e.id order by i.id desc limit 1) as invitation_expires_at,
  (select coalesce(${inviterNameSql('u')}, u.username) from employee_invitations i join users u on u.id = i.invited_by_id
    where i.employee_id = e.id order by i.id desc limit 1) as invited_by,
  (select ${iso('i.sent_at')} from employee_invitations i where i.employee_id = e.id order by i.id desc limit 1) as invited_at,
  ${iso('e.created_at')} as created_at, ${iso('e.updated_at')} as updated_at`;
const COLUMNS_WITHOUT_PAY = COLUMNS_WITH_PAY.replace(PAY_COLUMNS, '');

/**
 * A row of the page's statement: the response's fields (times already in ISO 8601) and the
 * page's total and list version. The list's answer is written by the serializer of
 * EmployeeResponseDto, which writes the response's fields only.
 */
export type EmployeeRow = Omit<EmployeeResponseDto, 'created_at' | 'updated_at' | 'invitation_sent_at' | 'invitation_expires_at' | 'invited_at'> & {
  invitation_sent_at: string | null;
  invited_at: string | null;
  invitation_expires_at: string | null;
  created_at: string;
  updated_at: string;
  total: number;
  list_version: string;
};

interface Where {
  sql: string;
  params: unknown[];
  /** the ids matching every word of q (in `with hits`), when there is a search */
  search?: { sql: string; params: unknown[] };
}

/**
 * The list's conditions on employees e; raw SQL bypasses the tenant filter, so the company is
 * bound here. Each word of q must occur in first name, last name, code or email:
 * employee_search_ids (Migration20261124160000) answers the matching ids of the transaction's
 * company, through a trigram index where pg_trgm is installed; once per word, as `hits`. `scope`
 * is the caller's record scope on e.id (record-scope.ts), null for the whole company.
 */
export function employeeWhere(companyId: number, filter: Record<string, unknown>, scope: ScopeCondition | null = null): Where {
  // the company is written into the statement: its plan depends on the company's size (prepared-statements.ts)
  const parts = [`e.company_id = ${Number(companyId)}`];
  const params: unknown[] = [];
  if (scope) {
    parts.push(scope.sql);
    params.push(...scope.params);
  }
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
      throw badRequest(`The ${fieldWords(field)} filter must be one of ${wordList(allowed)}`, 'filter');
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
  let search: Where['search'];
  if (filter.q !== undefined) {
    if (typeof filter.q !== 'string') throw badRequest('The search filter must be text', 'filter');
    // every word must match one of the fields: "jane doe" finds Jane Doe
    const terms = filter.q.trim().split(/\s+/).filter(Boolean).slice(0, 5);
    if (terms.length) {
      search = {
        sql: terms.map(() => 'select employee_search_ids(?) as id').join(' intersect '),
        params: terms.map((term) => `%${escapeLike(term)}%`),
      };
      // as an array: looked up by primary key, rather than joined against the company's rows
      parts.push('e.id = any(array(select id from hits))');
    }
  }
  return { sql: parts.join(' and '), params, search };
}

/**
 * Totals counted at a version of the company's employees (employee_list_versions), by company and
 * conditions. Exact: a total is used only while the version it was counted at is still the one the
 * page's own statement reads; bounded, oldest first.
 */
const countedTotals = new Map<string, { version: string; total: number }>();
const MAX_COUNTED_TOTALS = 5000;

/**
 * The result of a search, by company, conditions and order: the ids of every matching employee
 * in the page's order, at a version of the company's employees. Paging through results, or the
 * console asking again, reads a slice of them instead of searching and sorting again. Exact as the
 * totals are: the page's statement uses them only while the version is still the one they were
 * found at, and searches afresh otherwise. Orders on other tables (department, position names)
 * do not change the version, so for those the ids are kept as a set and the page sorts them. A
 * search with more matches than MAX_REMEMBERED_HITS is not kept (ids: null), only that it has
 * that many at that version.
 */
const rememberedSearches = new Map<string, { version: string; ids: number[] | null; inPageOrder: boolean }>();
const MAX_SEARCHES = 1000;
const MAX_REMEMBERED_HITS = 1000;

/**
 * `with hits` for a search: the remembered ids while `version` (the statement's version
 * expression) still reads the one they were found at, the search itself otherwise. With `page`,
 * remembered ids in page order give the page's ids only, and `offset` (the page statement's
 * OFFSET) becomes 0 in that case.
 */
function searchHits(
  search: NonNullable<Where['search']>,
  known: { version: string; ids: number[] | null; inPageOrder: boolean },
  version: string,
  page?: { limit: number; offset: number },
): { sql: string; params: unknown[]; offset?: { sql: string; params: unknown[] } } {
  const sliced = page && known.ids !== null && known.inPageOrder;
  const ids = sliced ? known.ids!.slice(page.offset, page.offset + page.limit) : (known.ids ?? []);
  return {
    sql: `with hits as materialized (select unnest(case when ${version} = ? then ?::int[] else array(${search.sql}) end) as id)`,
    // too many to keep: no version matches '', so the statement searches
    params: [known.ids === null ? '' : known.version, `{${ids.join(',')}}`, ...search.params],
    offset: page && {
      sql: `case when ${version} = ? then 0 else ${Math.trunc(page.offset)} end`,
      params: [sliced ? known.version : ''],
    },
  };
}
/**
 * One page of employees and the exact total of its conditions in one statement: the ids of the
 * page first (sorted on the employee columns alone, which for the default sort is an index-only
 * scan however deep the page), then the response fields of those rows only. The total is
 * counted only when the company's employees changed since it was last counted for these
 * conditions (the count's subquery is not run when the case takes its first branch). A scoped
 * list (`scope`: the caller's team or department) has the scope among its conditions, so its
 * total is counted and remembered for that caller's set, never taken for the company's: the team
 * and the department are read from the employees' rows, whose every change moves the version.
 */
export async function employeePage(
  em: EntityManager,
  companyId: number,
  q: ListQuery,
  withPay: boolean,
  scope: ScopeCondition | null = null,
): Promise<{ rows: EmployeeRow[]; total: number }> {
  const where = employeeWhere(companyId, q.filter, scope);
  const sort = SORT[q.sort.field];
  const dir = q.sort.order === 'DESC' ? 'desc' : 'asc';
  const order = (columns: string[], id: string) => [...columns, id].map((c) => `${c} ${dir}`).join(', ');
  const count = `select count(*)::int from employees e where ${where.sql}`;
  const version = `coalesce((select v.version from employee_list_versions v where v.company_id = ${Number(companyId)}), 0)::text`;
  const pageOf = `select e.id from employees e ${sort.join ?? ''} where ${where.sql} order by ${order(sort.page, 'e.id')}`;
  const key = `${companyId}\u0000${where.sql}\u0000${JSON.stringify([...(where.search?.params ?? []), ...where.params])}`;
  let known: { version: string; total: number } | undefined = countedTotals.get(key);

  let searchKey: string | undefined;
  let found: { version: string; ids: number[] | null; inPageOrder: boolean } | undefined;
  if (where.search) {
    searchKey = `${key}\u0000${sort.join ? '' : `${q.sort.field} ${dir}`}`;
    found = rememberedSearches.get(searchKey);
    if (!found) {
      const [row] = await em.execute<Array<{ version: string; ids: number[] | null }>>(
        `with hits as materialized (${where.search.sql})
         select ${version} as version, case when cardinality(ids) <= ${MAX_REMEMBERED_HITS} then ids end as ids
           from (select array(${sort.join ? `select e.id from employees e where ${where.sql}` : pageOf}) as ids) found`,
        [...where.search.params, ...where.params],
      );
      found = { version: row.version, ids: row.ids, inPageOrder: !sort.join };
      setRecent(rememberedSearches, searchKey, found, MAX_SEARCHES);
    }
    // exact at the version the matches were found at, as a counted total is
    if (found.ids !== null) known = { version: found.version, total: found.ids.length };
  }
  const hits = where.search && found ? searchHits(where.search, found, version, { limit: q.limit, offset: q.offset }) : undefined;
  // prepared: a page's statement took longer to plan than to run. The company and the page are
  // written into it, as the right plan depends on them (prepared-statements.ts)
  const rows = await executePrepared<EmployeeRow>(
    em,
    `${hits?.sql ?? ''}
     select ${withPay ? COLUMNS_WITH_PAY : COLUMNS_WITHOUT_PAY},
            case when ${version} = ? then ?::int else (${count}) end as total,
            ${version} as list_version
       from employees e
      where e.id in (${pageOf} limit ${Math.trunc(q.limit)} offset ${hits?.offset?.sql ?? Math.trunc(q.offset)})
      order by ${order(sort.rows, 'id')}`,
    [...(hits?.params ?? []), known?.version ?? '', known?.total ?? 0, ...where.params, ...where.params, ...(hits?.offset?.params ?? [])],
  );
  if (rows.length) {
    setRecent(countedTotals, key, { version: rows[0].list_version, total: rows[0].total }, MAX_COUNTED_TOTALS);
    // the employees changed since the search was remembered: looked up afresh next time
    if (found && searchKey && rows[0].list_version !== found.version) rememberedSearches.delete(searchKey);
    return { rows, total: rows[0].total };
  }
  // past the last row the page is empty and carries no total
  if (q.offset === 0) return { rows: [], total: 0 };
  const all = where.search && found ? searchHits(where.search, found, version) : undefined;
  const [{ total }] = await em.execute<Array<{ total: number }>>(`${all?.sql ?? ''} select (${count}) as total`, [
    ...(all?.params ?? []),
    ...where.params,
  ]);
  return { rows: [], total };
}
