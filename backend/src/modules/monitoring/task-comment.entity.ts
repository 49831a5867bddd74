import { Entity, Index, ManyToOne, Property, type Rel } from '@mikro-orm/core';
import { TenantScopedEntity } from '../../common/tenancy/base.entity';
import type { User } from '../users/user.entity';
import type { Task } from './task.entity';

@Entity({ tableName: 'task_comments' })
@Index({ properties: ['task', 'created_at'] })
export class TaskComment extends TenantScopedEntity {
  @ManyToOne({ entity: 'Task', deleteRule: 'cascade' })
  task!: Rel<Task>;

  @Property({ type: 'text' })
  comment!: string;

  @ManyToOne({ entity: 'User', nullable: true, deleteRule: 'set null', index: true })
  author?: Rel<User> | null;
}
