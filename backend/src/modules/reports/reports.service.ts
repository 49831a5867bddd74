import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { DateTime } from 'luxon';
import type { AuthContext, ModuleKey, RecordScope } from '../../common/auth/auth-context';
import { recordScope, scopeCondition } from '../../common/auth/record-scope';
import { ApiError, forbidden, notFound } from '../../common/http/errors';
import { companyZone, todayInZone } from '../kpi/company-zone';
import { PermissionsService, type EffectivePermissions } from '../permissions/permissions.service';
import { PlanService } from '../permissions/plan.service';
import { REPORTS, reportById } from './catalogue';
import type { ReportInfoDto, ReportQueryDto, ReportResultDto } from './dto/report.dto';
import type { ReportColumn, ReportContext, ReportDefinition, ReportParams, ReportScope } from './report-definition';
import { normalizeRow, TotalsAccumulator, type ReportRow } from './report-totals';

/** Rows a report shows on screen; the exports have them all. */
export const SCREEN_ROWS = 1000;
const FETCH = 1000;
const MAX_PERIOD_DAYS = 3 * 366;

export interface ReportScan {
  def: ReportDefinition;
  params: ReportParams;
  columns: ReportColumn[];
  context: ReportContext;
  subtitle: string;
}

/** Who reads a report: the request's caller, or a scheduled report's recipient. */
export type ReportReader = Pick<AuthContext, 'companyId' | 'employeeId' | 'role' | 'selfService'>;

/** A module's name in a sentence. */
const moduleName = (module: ModuleKey) => (module === 'kpi' ? 'KPI & Bonus' : module);

/** Who, beside company admins, may see the reports of a module, in words (a refusal, a recipient's refusal). */
export const moduleViewers = (module: ModuleKey) => `holders of ${moduleName(module)} view over their team, their department or the whole company`;

const WHOSE: Record<RecordScope, string> = {
  company: 'All employees',
  department: 'Your department',
  team: 'Your team',
  own: 'Your own records',
};

const fieldError = (field: string, message: string) => new ApiError(400, message, [{ field, message }]);
const inWords = (date: string) => DateTime.fromISO(date, { zone: 'utc' }).toFormat('d LLL yyyy');

/**
 * Company reports: who may see which, their filters with defaults, and the rows, read through a
 * cursor so that a report of any size is added up and written out batch by batch.
 */
@Injectable()
export class ReportsService {
  constructor(
    private readonly em: EntityManager,
    private readonly plans: PlanService,
  ) {}

  /**
   * Whether the caller may see a report: its module's view right (the line-manager policy's
   * counts: a report is read within the reader's scope), over other employees' records than
   * their own (recordScope: their team, their department or the company), and its feature in the
   * plan. The catalogue, a run, an export and a scheduled report's recipients all ask this.
   */
  async allowed(ctx: ReportReader, perms: EffectivePermissions, def: ReportDefinition): Promise<boolean> {
    if (this.refusal(ctx, perms, def)) return false;
    return !def.feature || (await this.plans.hasFeature(ctx.companyId!, def.feature));
  }

  /** Why the caller may not see a report's figures (rights only; the plan is checked apart), or null. */
  private refusal(ctx: ReportReader, perms: EffectivePermissions, def: ReportDefinition): string | null {
    const module = moduleName(def.module);
    if (!PermissionsService.allows(perms, def.module, 'view', true)) return `You do not have view access to the ${module} module needed for this report`;
    // a report of one's own records is not what reports are for: the module shows them
    if (this.scopeOf(ctx, perms, def) === 'own') {
      return `This report adds up other employees' ${module} records: only company admins and ${moduleViewers(def.module)} can see it`;
    }
    return null;
  }

  /** Whose records the reader's run of a report covers: recordScope of view in its module. */
  scopeOf(reader: ReportReader, perms: EffectivePermissions, def: ReportDefinition): RecordScope {
    return recordScope(reader, perms, def.module, 'view');
  }

  /** The run's condition on employees for that scope; null for the whole company. */
  private readerScope(reader: ReportReader, perms: EffectivePermissions, def: ReportDefinition): ReportScope | null {
    const whose = this.scopeOf(reader, perms, def);
    if (whose === 'company') return null;
    return { whose, on: (column) => scopeCondition(reader, whose, column)! };
  }

  async catalogue(ctx: AuthContext, perms: EffectivePermissions): Promise<ReportInfoDto[]> {
    const companyId = ctx.companyId!;
    const zone = await companyZone(this.em, companyId);
    const today = todayInZone(zone);
    const out: ReportInfoDto[] = [];
    for (const def of REPORTS) {
      if (!(await this.allowed(ctx, perms, def))) continue;
      const d = this.defaults(def, today);
      out.push({
        id: def.id,
        group: def.group,
        title: def.title,
        description: def.description,
        filters: [...def.filters],
        group_by_options: (def.groupBy ?? []).map((g) => ({ ...g })),
        defaults: { from: d.from, to: d.to, at: today, group_by: def.groupBy?.[0].id ?? null, older_than_days: 7 },
        scope: this.scopeOf(ctx, perms, def) as ReportInfoDto['scope'],
      });
    }
    return out;
  }

  /** The report, checked against the caller's rights (a report they may not see is a 403, an unknown one a 404). */
  async definition(ctx: AuthContext, perms: EffectivePermissions, id: string): Promise<ReportDefinition> {
    const def = reportById(id);
    if (!def) throw notFound('Report');
    if (def.feature && !(await this.plans.hasFeature(ctx.companyId!, def.feature))) {
      throw forbidden("Your company's plan does not include KPI & Bonus");
    }
    const refusal = this.refusal(ctx, perms, def);
    if (refusal) throw forbidden(refusal);
    return def;
  }

  private defaults(def: ReportDefinition, today: string): { from: string; to: string } {
    const t = DateTime.fromISO(today, { zone: 'utc' });
    if (def.lookAheadDays) return { from: today, to: t.plus({ days: def.lookAheadDays }).toISODate()! };
    return { from: t.minus({ months: 11 }).startOf('month').toISODate()!, to: today };
  }

  /**
   * The filters with their defaults, checked (a 400 names the filter at fault), and the reader's
   * scope: a run covers the employees within it only.
   */
  async params(reader: ReportReader, perms: EffectivePermissions, def: ReportDefinition, q: ReportQueryDto): Promise<ReportScan> {
    const companyId = reader.companyId!;
    const zone = await companyZone(this.em, companyId);
    const today = todayInZone(zone);
    const d = this.defaults(def, today);
    const groupBy = q.group_by ?? def.groupBy?.[0].id ?? '';
    if (def.groupBy && !def.groupBy.some((g) => g.id === groupBy)) {
      throw fieldError('group_by', `Group by must be one of: ${def.groupBy.map((g) => g.name).join(', ')}`);
    }
    const params: ReportParams = {
      companyId,
      scope: this.readerScope(reader, perms, def),
      from: q.from ?? d.from,
      to: q.to ?? d.to,
      at: q.at ?? today,
      today,
      zone,
      departmentId: q.department_id ?? null,
      positionId: q.position_id ?? null,
      locationId: q.location_id ?? null,
      groupBy,
      olderThanDays: q.older_than_days ?? 7,
    };
    if (params.from > params.to) throw fieldError('to', 'The last day of the period must be on or after its first day');
    const days = DateTime.fromISO(params.to).diff(DateTime.fromISO(params.from), 'days').days;
    if (days > MAX_PERIOD_DAYS) throw fieldError('from', 'The period can be at most 3 years');
    const names = await this.filterNames(params);
    const context = def.prepare ? await def.prepare(this.em, params) : {};
    return { def, params, context, columns: def.columns(params, context), subtitle: this.subtitle(def, params, names) };
  }

  private async filterNames(p: ReportParams): Promise<string[]> {
    if (p.departmentId === null && p.positionId === null && p.locationId === null) return [];
    const [row] = await this.em.execute<Array<{ department: string | null; position: string | null; location: string | null }>>(
      `select (select department_name from departments where id = ? and company_id = ?) as department,
              (select position_title from positions where id = ? and company_id = ?) as position,
              (select location_name from work_locations where id = ? and company_id = ?) as location`,
      [p.departmentId ?? 0, p.companyId, p.positionId ?? 0, p.companyId, p.locationId ?? 0, p.companyId],
    );
    if (p.departmentId !== null && !row.department) throw fieldError('department_id', 'Department not found');
    if (p.positionId !== null && !row.position) throw fieldError('position_id', 'Position not found');
    if (p.locationId !== null && !row.location) throw fieldError('location_id', 'Work location not found');
    return [row.department, row.position, row.location].filter((n): n is string => !!n);
  }

  private subtitle(def: ReportDefinition, p: ReportParams, names: string[]): string {
    const parts: string[] = [];
    const f = new Set(def.filters);
    if (f.has('from') && f.has('to')) parts.push(`${inWords(p.from)} – ${inWords(p.to)}`);
    else if (f.has('to')) parts.push(`${DateTime.fromISO(p.to).toFormat('LLLL yyyy')} against the month before`);
    if (f.has('at')) parts.push(`At ${inWords(p.at)}`);
    if (f.has('older_than_days')) parts.push(`Waiting more than ${p.olderThanDays} days on ${inWords(p.today)}`);
    const group = def.groupBy?.find((g) => g.id === p.groupBy);
    if (group) parts.push(`by ${group.name}`);
    if (p.scope || !names.length) parts.push(WHOSE[p.scope?.whose ?? 'company']);
    parts.push(...names);
    return parts.join(' · ');
  }

  /**
   * Every row, normalised, with the totals, read through a cursor of the caller's transaction
   * (one is opened when there is none) a batch at a time: an export of any size never holds its
   * rows. `onRow` sees each row in order.
   */
  async scan(scan: ReportScan, onRow: (row: ReportRow) => Promise<void> | void): Promise<{ count: number; totals: ReportRow | null }> {
    const query = scan.def.query(scan.params, scan.context);
    const totals = new TotalsAccumulator(scan.columns);
    let count = 0;
    const read = async (em: EntityManager) => {
      // planned for all its rows, not for the first tenth as a cursor is by default
      await em.execute('set local cursor_tuple_fraction = 1');
      await this.noJit(em);
      await em.execute(`declare report_rows no scroll cursor for ${query.sql}`, query.params);
      try {
        for (;;) {
          const batch = await em.execute<Array<Record<string, unknown>>>(`fetch ${FETCH} from report_rows`);
          for (const raw of batch) {
            const row = normalizeRow(scan.columns, raw);
            totals.add(row);
            count++;
            await onRow(row);
          }
          if (batch.length < FETCH) break;
        }
      } finally {
        await em.execute('close report_rows');
      }
    };
    if (this.em.isInTransaction()) await read(this.em);
    else await this.em.transactional(read, { readOnly: true });
    return { count, totals: totals.totals() };
  }

  /**
   * The first rows of a report for the screen, with the whole table's totals and row count added
   * up by the database in the same statement (window sums over every row): one run of the report,
   * and no row past the first thousand leaves the database.
   */
  private async firstRows(scan: ReportScan): Promise<{ rows: ReportRow[]; count: number; totals: ReportRow | null }> {
    const query = scan.def.query(scan.params, scan.context);
    const totals = new TotalsAccumulator(scan.columns);
    const keys = totals.summedKeys();
    const sums = keys.map((k, i) => `, sum((r."${k}")::numeric) over () as "__sum${i}"`).join('');
    await this.noJit(this.em);
    const raw = await this.em.execute<Array<Record<string, unknown>>>(
      `select r.*, count(*) over () as "__rows"${sums} from (${query.sql}) r limit ${SCREEN_ROWS}`,
      query.params,
    );
    const count = raw.length ? Number(raw[0].__rows) : 0;
    totals.setSums(Object.fromEntries(keys.map((k, i) => [k, raw[0]?.[`__sum${i}`] ?? 0])), count);
    return { rows: raw.map((r) => normalizeRow(scan.columns, r)), count, totals: totals.totals() };
  }

  /**
   * A report's statement is planned in a millisecond and runs in tens: compiling it (JIT, which
   * the planner's row guesses for generate_series and the grouped joins set off) costs more than
   * it saves. Inside a transaction when there is one, so the setting ends with it.
   */
  private async noJit(em: EntityManager): Promise<void> {
    // and room to sort and hash a year of a large company in memory
    if (em.isInTransaction()) await em.execute(`select set_config('jit', 'off', true), set_config('work_mem', '32MB', true)`);
  }

  async result(scan: ReportScan): Promise<ReportResultDto> {
    const { rows, count, totals } = await this.firstRows(scan);
    return {
      id: scan.def.id,
      group: scan.def.group,
      title: scan.def.title,
      subtitle: scan.subtitle,
      columns: scan.columns.map(({ key, label, type }) => ({ key, label, type })),
      rows,
      totals,
      chart: scan.def.chart(scan.params, scan.context),
      currency: currencyOf(scan.columns, rows),
      total_rows: count,
      truncated: count > rows.length,
    };
  }

  /** Today at this moment in the company's time zone, in words (for a file's heading). */
  generatedAt(zone: string): string {
    return DateTime.now().setZone(zone).toFormat("d LLL yyyy, HH:mm '('ZZZZ')'");
  }
}

/** The one currency of a report's money, when it has a currency column with a single value. */
export function currencyOf(columns: readonly ReportColumn[], rows: readonly ReportRow[]): string | null {
  if (!columns.some((c) => c.key === 'currency')) return null;
  const found = new Set(rows.map((r) => r.currency).filter((c): c is string => typeof c === 'string'));
  return found.size === 1 ? [...found][0] : null;
}
