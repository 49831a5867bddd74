import { Entity, Enum, ManyToOne, Property, Unique, type Rel } from '@mikro-orm/core';
import type { Opt } from '@mikro-orm/core';
import { TenantScopedEntity } from '../../common/tenancy/base.entity';
import type { Department } from '../departments/department.entity';
import type { Position } from '../positions/position.entity';
import type { User } from '../users/user.entity';
import { TASK_CATEGORIES, TASK_PRIORITIES, type TaskCategory, type TaskPriority } from './task.entity';

/** A reusable task: its fields are copied into each task created from it. */
@Entity({ tableName: 'task_templates' })
@Unique({ properties: ['company', 'name'] })
export class TaskTemplate extends TenantScopedEntity {
  @Property({ length: 200 })
  name!: string;

  @Property({ length: 255 })
  title!: string;

  @Property({ type: 'text', nullable: true })
  description?: string | null;

  @Enum({ items: [...TASK_CATEGORIES], default: 'general' })
  category: Opt<TaskCategory> = 'general';

  @Enum({ items: [...TASK_PRIORITIES], default: 'medium' })
  priority: Opt<TaskPriority> = 'medium';

  @Property({ type: 'decimal', precision: 7, scale: 2, nullable: true })
  estimated_hours?: string | null;

  /** A task created from the template is due this many days later (end of that day, company time). */
  @Property({ type: 'integer', nullable: true })
  due_in_days?: number | null;

  @ManyToOne({ entity: 'Department', nullable: true, deleteRule: 'set null', index: true })
  department?: Rel<Department> | null;

  @ManyToOne({ entity: 'Position', nullable: true, deleteRule: 'set null', index: true })
  position?: Rel<Position> | null;

  @Property({ default: true })
  is_active: Opt<boolean> = true;

  @ManyToOne({ entity: 'User', nullable: true, deleteRule: 'set null', index: true })
  created_by?: Rel<User> | null;
}
