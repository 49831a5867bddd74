import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AuthContext, RecordScope } from '../../common/auth/auth-context';
import { scopeCondition } from '../../common/auth/record-scope';
import { escapeLike } from '../../common/http/fields';
import { notFound } from '../../common/http/errors';
import type { OrgChartNodeDto } from './dto/org-chart.dto';

/** A piece of SQL with its parameters, in the order of its `?`. */
interface Sql {
  text: string;
  params: unknown[];
}

/** Writes numbers and text as parameters, pieces of SQL as they are. */
function sql(strings: TemplateStringsArray, ...values: Array<Sql | string | number>): Sql {
  let text = strings[0];
  const params: unknown[] = [];
  values.forEach((value, i) => {
    if (typeof value === 'object') {
      text += value.text;
      params.push(...value.params);
    } else {
      text += '?';
      params.push(value);
    }
    text += strings[i + 1];
  });
  return { text, params };
}

/** SQL written as it is. */
const raw = (text: string): Sql => ({ text, params: [] });
const NOTHING = raw('');

/** What a call of the chart asks for. */
export type OrgChartRequest = { top: true } | { managerId: number } | { terms: string[] };

/** Up to this many matches of a search; a chain longer than MAX_DEPTH is a guard, not a limit anyone meets. */
export const MAX_MATCHES = 20;
const MAX_DEPTH = 10_000;
const MAX_ID = 2147483647;
const MAX_WORDS = 5;

/**
 * The employees of the caller's chart: those within their view scope of employees and not
 * terminated. A caller whose scope is their team sees themselves as its root, so the team hangs
 * from someone; everyone else's chart starts at the people whose manager they do not see.
 */
function onChart(ctx: AuthContext, scope: RecordScope, alias: string): Sql {
  const id = raw(`${alias}.id`);
  const status = raw(`${alias}.employment_status <> 'terminated'`);
  const condition = scopeCondition(ctx, scope, id.text);
  if (!condition) return sql` and ${status}`;
  const within: Sql = { text: condition.sql, params: condition.params };
  // employee_team() is the people below the caller: the caller is the team's root
  if (scope === 'team') return sql` and ${status} and (${id} = ${ctx.employeeId ?? -1} or ${within})`;
  return sql` and ${status} and ${within}`;
}

/**
 * The fields of a node for the employee row e. Names of related rows are scalar subqueries, read
 * for the answer's rows only; the count of direct reports reads the manager_id index.
 */
function nodeColumns(ctx: AuthContext, scope: RecordScope): Sql {
  return sql`e.id, e.first_name || ' ' || e.last_name as name,
    (select p.position_title from positions p where p.id = e.position_id) as position_title,
    (select d.department_name from departments d where d.id = e.department_id) as department_name,
    e.manager_id, e.employment_status,
    (select count(*)::int from employees r
      where r.manager_id = e.id and r.company_id = ${ctx.companyId!}${onChart(ctx, scope, 'r')}) as direct_reports`;
}

const BY_NAME = raw(`lower(e.first_name || ' ' || e.last_name), e.id`);

/**
 * The top of the caller's chart. A team's is the caller (and so is one's own record). The
 * company's: the employees with no manager, read by the manager_id index, and the reports of those
 * who have left, found from the few terminated ones; a department's: its people whose manager is
 * not on the chart.
 */
function topStatement(ctx: AuthContext, scope: RecordScope): Sql {
  const company = ctx.companyId!;
  let top: Sql;
  if (scope === 'team' || scope === 'own') top = sql`e.id = ${ctx.employeeId ?? -1}`;
  else if (scope === 'company') {
    top = sql`e.id in (
      select x.id from employees x where x.manager_id is null and x.company_id = ${company}
      union all
      select x.id from employees gone join employees x on x.manager_id = gone.id
       where gone.company_id = ${company} and gone.employment_status = 'terminated' and x.company_id = ${company})`;
  } else {
    top = sql`(e.manager_id is null or not exists (
      select 1 from employees m where m.id = e.manager_id and m.company_id = ${company}${onChart(ctx, scope, 'm')}))`;
  }
  return sql`select ${nodeColumns(ctx, scope)} from employees e
    where ${top} and e.company_id = ${company}${onChart(ctx, scope, 'e')}
    order by ${BY_NAME}`;
}

/**
 * The direct reports of one employee on the chart, read by the manager_id index; one row with a
 * null id when the employee has none, no row when the employee is not on the caller's chart.
 */
function reportsStatement(ctx: AuthContext, scope: RecordScope, managerId: number): Sql {
  const company = ctx.companyId!;
  return sql`select n.* from employees m
    left join lateral (
      select ${nodeColumns(ctx, scope)} from employees e
       where e.manager_id = m.id and e.company_id = ${company}${onChart(ctx, scope, 'e')}) n on true
    where m.id = ${managerId} and m.company_id = ${company}${onChart(ctx, scope, 'm')}
    order by lower(n.name), n.id`;
}

/**
 * The employees on the chart whose name holds every word, and the chain of managers above each
 * up to the top of the chart, in one statement: the words are looked up as the employee list's
 * search does (employee_search_ids, a trigram index where there is one), then kept to those in
 * the first or last name; the chains climb the primary key.
 */
function searchStatement(ctx: AuthContext, scope: RecordScope, terms: string[]): Sql {
  const company = ctx.companyId!;
  const patterns = terms.map((term) => `%${escapeLike(term)}%`);
  const hits = patterns.map((p) => sql`select employee_search_ids(${p}) as id`).reduce((a, b) => sql`${a} intersect ${b}`);
  const named = patterns.map((p) => sql` and (e.first_name || ' ' || e.last_name) ilike ${p}`).reduce((a, b) => sql`${a}${b}`, NOTHING);
  return sql`with recursive hits as materialized (${hits}),
    found as (
      select e.id, e.manager_id, e.first_name || ' ' || e.last_name as name from employees e
       where e.id = any(array(select id from hits)) and e.company_id = ${company}${onChart(ctx, scope, 'e')}${named}
       order by ${BY_NAME} limit ${MAX_MATCHES}),
    up(node, id, manager_id, name, depth) as (
      select f.id, f.id, f.manager_id, f.name, 0 from found f
      union all
      select up.node, e.id, e.manager_id, e.first_name || ' ' || e.last_name, up.depth + 1
        from up join employees e on e.id = up.manager_id
       where up.depth < ${MAX_DEPTH} and e.company_id = ${company}${onChart(ctx, scope, 'e')})
    select ${nodeColumns(ctx, scope)},
           (select json_agg(json_build_object('id', u.id, 'name', u.name) order by u.depth desc) from up u where u.node = e.id) as path
      from employees e
     where e.id in (select id from found)
     order by ${BY_NAME}`;
}

/** The one statement that answers a call of the chart (read by the plan test too). */
export function orgChartStatement(ctx: AuthContext, scope: RecordScope, request: OrgChartRequest): Sql {
  if ('managerId' in request) return reportsStatement(ctx, scope, request.managerId);
  if ('terms' in request) return searchStatement(ctx, scope, request.terms);
  return topStatement(ctx, scope);
}

/** The words of a search, as the employee list splits them. */
export const searchWords = (q: string): string[] => q.trim().split(/\s+/).filter(Boolean).slice(0, MAX_WORDS);

type Row = OrgChartNodeDto & { id: number | null };

@Injectable()
export class OrgChartService {
  constructor(private readonly em: EntityManager) {}

  /** The top of the caller's chart. */
  top(ctx: AuthContext, scope: RecordScope): Promise<OrgChartNodeDto[]> {
    return this.run(orgChartStatement(ctx, scope, { top: true }));
  }

  /** The direct reports of an employee on the caller's chart; 404 for anyone else. */
  async reports(ctx: AuthContext, scope: RecordScope, managerId: number): Promise<OrgChartNodeDto[]> {
    // an id past the int4 range names no employee
    const rows = managerId > MAX_ID ? [] : await this.em.execute<Row[]>(...args(orgChartStatement(ctx, scope, { managerId })));
    if (!rows.length) throw notFound('Employee');
    return rows.filter((row) => row.id !== null);
  }

  /** Up to MAX_MATCHES employees on the caller's chart by name, each with the chain above them. */
  search(ctx: AuthContext, scope: RecordScope, q: string): Promise<OrgChartNodeDto[]> {
    return this.run(orgChartStatement(ctx, scope, { terms: searchWords(q) }));
  }

  private run(statement: Sql): Promise<OrgChartNodeDto[]> {
    return this.em.execute<OrgChartNodeDto[]>(...args(statement));
  }
}

const args = (statement: Sql): [string, unknown[]] => [statement.text, statement.params];
