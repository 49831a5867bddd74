import { Entity, Enum, Index, ManyToOne, Property, type Rel } from '@mikro-orm/core';
import type { Opt } from '@mikro-orm/core';
import { TenantScopedEntity } from '../../common/tenancy/base.entity';
import type { Department } from '../departments/department.entity';
import type { Employee } from '../employees/employee.entity';
import type { Position } from '../positions/position.entity';
import type { User } from '../users/user.entity';
import type { TaskTemplate } from './task-template.entity';

export const TASK_CATEGORIES = [
  'general',
  'onboarding',
  'offboarding',
  'leave_approval',
  'payroll_processing',
  'performance_review',
] as const;
export const TASK_PRIORITIES = ['low', 'medium', 'high', 'urgent', 'critical'] as const;
export const TASK_STATUSES = ['pending', 'in_progress', 'completed', 'cancelled', 'on_hold', 'overdue'] as const;
export type TaskCategory = (typeof TASK_CATEGORIES)[number];
export type TaskPriority = (typeof TASK_PRIORITIES)[number];
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** Statuses of a task that is done: they change only when an admin reopens the task. */
export const FINAL_STATUSES: readonly TaskStatus[] = ['completed', 'cancelled'];
/** Statuses of a task still being worked on: past its due date such a task is overdue. */
export const OPEN_STATUSES: readonly TaskStatus[] = ['pending', 'in_progress', 'on_hold'];

@Entity({ tableName: 'tasks' })
@Index({ properties: ['company', 'status'] })
@Index({ properties: ['company', 'created_at'] })
@Index({ properties: ['company', 'due_date'] })
// the overdue job scans open tasks past due across companies
@Index({ properties: ['status', 'due_date'] })
export class Task extends TenantScopedEntity {
  @Property({ length: 255 })
  title!: string;

  @Property({ type: 'text', nullable: true })
  description?: string | null;

  @Enum({ items: [...TASK_CATEGORIES], default: 'general' })
  category: Opt<TaskCategory> = 'general';

  @Enum({ items: [...TASK_PRIORITIES], default: 'medium' })
  priority: Opt<TaskPriority> = 'medium';

  @Enum({ items: [...TASK_STATUSES], default: 'pending' })
  status: Opt<TaskStatus> = 'pending';

  /** The employee who does the task. */
  @ManyToOne({ entity: 'Employee', nullable: true, deleteRule: 'set null', index: true })
  assigned_to?: Rel<Employee> | null;

  @ManyToOne({ entity: 'Department', nullable: true, deleteRule: 'set null', index: true })
  department?: Rel<Department> | null;

  @ManyToOne({ entity: 'Position', nullable: true, deleteRule: 'set null', index: true })
  position?: Rel<Position> | null;

  /** The employee the task is about (the new hire of an onboarding task, ...). */
  @ManyToOne({ entity: 'Employee', nullable: true, deleteRule: 'set null', index: true })
  employee?: Rel<Employee> | null;

  @Property({ columnType: 'timestamptz', nullable: true })
  due_date?: Date | null;

  @Property({ type: 'decimal', precision: 7, scale: 2, nullable: true })
  estimated_hours?: string | null;

  @Property({ default: 0 })
  progress_percentage: Opt<number> = 0;

  @Property({ columnType: 'timestamptz', nullable: true })
  completed_at?: Date | null;

  @ManyToOne({ entity: 'TaskTemplate', nullable: true, deleteRule: 'set null', index: true })
  template?: Rel<TaskTemplate> | null;

  @ManyToOne({ entity: 'User', nullable: true, deleteRule: 'set null', index: true })
  created_by?: Rel<User> | null;
}
