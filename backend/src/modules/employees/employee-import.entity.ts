import { Entity, Enum, Index, Property } from '@mikro-orm/core';
import { TenantScopedEntity } from '../../common/tenancy/base.entity';

export const IMPORT_STATES = ['running', 'done', 'failed'] as const;
export type ImportState = (typeof IMPORT_STATES)[number];

/**
 * A CSV import of employees and how far it is: the console shows "Importing… 4,000 of 10,000"
 * from it. A company runs one import at a time (the partial unique index; a second one is
 * refused with 409).
 */
@Entity({ tableName: 'employee_imports' })
@Index({
  name: 'employee_imports_one_running',
  expression: `create unique index "employee_imports_one_running" on "employee_imports" ("company_id") where "status" = 'running'`,
})
export class EmployeeImport extends TenantScopedEntity {
  @Enum({ items: [...IMPORT_STATES] })
  status!: ImportState;

  /** data rows of the file (0 until the file is read) */
  @Property({ type: 'integer', default: 0 })
  total_rows: number = 0;

  /** rows checked so far */
  @Property({ type: 'integer', default: 0 })
  processed_rows: number = 0;

  /** employees created, once done */
  @Property({ type: 'integer', nullable: true })
  imported?: number | null;

  /** the outcome in words: the success message or the first error */
  @Property({ type: 'text', nullable: true })
  message?: string | null;

  @Property({ columnType: 'timestamptz', nullable: true })
  finished_at?: Date | null;
}
