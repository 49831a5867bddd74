import { HttpStatus, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { ApiError } from '../../common/http/errors';
import { inCompany } from '../../common/tenancy/own-transactions';
import { EmployeeImport } from './employee-import.entity';
import { assertCreatesOverCompany, type EmployeeAccess } from './employee-access';
import { checkImportFile, checkInWorker, WORKER_FROM_BYTES } from './employees-import.check';
import { EmployeesService } from './employees.service';

export const IMPORT_RUNNING = 'An import of employees is already running for this company; wait until it has finished';
/** An import still "running" this long after its last progress stopped with its instance. */
const STALE_MINUTES = 15;
/** Progress is written at most this often. */
const PROGRESS_MS = 250;

export interface EmployeeImportView {
  id: number;
  status: EmployeeImport['status'];
  total_rows: number;
  processed_rows: number;
  imported: number | null;
  message: string | null;
  created_at: Date;
  finished_at: Date | null;
}

/**
 * Employee CSV imports: one at a time per company (a second answers 409), the file parsed and
 * validated in a worker thread (the event loop keeps serving every company meanwhile), the
 * progress written to the import's row, which the console reads (GET /api/hr/employees/import)
 * while the upload waits for its answer. The rows are written set-based, in pieces of a hundred
 * rows so no statement holds the event loop long, in one transaction, all or none
 * (EmployeesService.importCsv).
 */
@Injectable()
export class EmployeesImportService {
  constructor(
    private readonly em: EntityManager,
    private readonly employees: EmployeesService,
  ) {}

  async run(access: EmployeeAccess, text: string, sendInvitations: boolean): Promise<number> {
    assertCreatesOverCompany(access);
    const companyId = access.ctx.companyId!;
    const id = await this.start(companyId);
    let writing: Promise<unknown> = Promise.resolve();
    let last = 0;
    const progress = (total: number, done: number) => {
      const now = Date.now();
      if (done !== 0 && done !== total && now - last < PROGRESS_MS) return;
      last = now;
      writing = writing.then(() => this.update(companyId, id, { total_rows: total, processed_rows: done })).catch(() => undefined);
    };
    try {
      // off the event loop (a small file: in chunks) and outside any transaction: nothing is held while the file is checked
      const checked = await (text.length >= WORKER_FROM_BYTES ? checkInWorker(text, progress) : checkImportFile(text, progress));
      await writing;
      const imported = await inCompany(this.em, companyId, () => this.employees.importCsv(access, text, sendInvitations, async () => checked));
      await this.update(companyId, id, {
        status: 'done',
        imported,
        message: `${imported} ${imported === 1 ? 'employee' : 'employees'} imported successfully`,
        finished_at: new Date(),
      });
      return imported;
    } catch (e) {
      await writing;
      const message = e instanceof ApiError ? e.message : 'The import stopped on an unexpected error; nothing was imported';
      await this.update(companyId, id, { status: 'failed', message, finished_at: new Date() });
      throw e;
    }
  }

  /** The company's latest import, or null when it never imported. */
  async latest(companyId: number): Promise<EmployeeImportView | null> {
    const row = await this.em.findOne(EmployeeImport, { company: companyId }, { orderBy: { id: 'desc' } });
    if (!row) return null;
    return {
      id: row.id,
      status: row.status,
      total_rows: row.total_rows,
      processed_rows: row.processed_rows,
      imported: row.imported ?? null,
      message: row.message ?? null,
      created_at: row.created_at,
      finished_at: row.finished_at ?? null,
    };
  }

  /** Records a running import; 409 while another of the company runs (the partial unique index decides). */
  private async start(companyId: number): Promise<number> {
    try {
      return await this.own(companyId, async (em) => {
        // an import whose instance stopped mid-way does not block the company for ever
        await em.execute(
          `update employee_imports set status = 'failed', message = 'The import stopped before it finished; nothing was imported', finished_at = now()
            where company_id = ? and status = 'running' and updated_at < now() - make_interval(mins => ?)`,
          [companyId, STALE_MINUTES],
        );
        const [row] = await em.execute<Array<{ id: number }>>(
          `insert into employee_imports (company_id, status) values (?, 'running') returning id`,
          [companyId],
        );
        return row.id;
      });
    } catch (e) {
      if ((e as { code?: string }).code === '23505' || /employee_imports_one_running/.test((e as Error).message)) {
        throw new ApiError(HttpStatus.CONFLICT, IMPORT_RUNNING, [{ field: 'csv', message: IMPORT_RUNNING }]);
      }
      throw e;
    }
  }

  private async update(
    companyId: number,
    id: number,
    values: Partial<Pick<EmployeeImport, 'status' | 'total_rows' | 'processed_rows' | 'imported' | 'message' | 'finished_at'>>,
  ) {
    await this.own(companyId, (em) => em.nativeUpdate(EmployeeImport, { id }, { ...values, updated_at: new Date() }));
  }

  /** A transaction of its own, committed at once: the import's row is seen while the import runs. */
  private own<T>(companyId: number, work: (em: EntityManager) => Promise<T>): Promise<T> {
    return inCompany(this.em, companyId, work);
  }
}
