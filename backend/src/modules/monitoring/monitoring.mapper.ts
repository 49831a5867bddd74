import type { Employee } from '../employees/employee.entity';
import type { User } from '../users/user.entity';
import type { TaskCommentResponseDto } from './dto/task-comment.dto';
import type { TaskTemplateResponseDto } from './dto/task-template.dto';
import type { TaskResponseDto } from './dto/task.dto';
import type { TaskComment } from './task-comment.entity';
import type { TaskTemplate } from './task-template.entity';
import { effectiveStatus } from './task-status';
import type { Task } from './task.entity';

const employeeName = (e?: Employee | null) => (e ? `${e.first_name} ${e.last_name}` : null);
const userName = (u?: User | null) => {
  if (!u) return null;
  const full = [u.first_name, u.last_name].filter(Boolean).join(' ');
  return full || u.username;
};
const hours = (value?: string | null) => (value === null || value === undefined ? null : Number(value));

export function toTaskResponse(t: Task, now = new Date()): TaskResponseDto {
  const status = effectiveStatus(t, now);
  return {
    id: t.id,
    title: t.title,
    description: t.description ?? null,
    category: t.category,
    priority: t.priority,
    status,
    assigned_to: t.assigned_to?.id ?? null,
    assigned_to_name: employeeName(t.assigned_to),
    department_id: t.department?.id ?? null,
    department_name: t.department?.department_name ?? null,
    position_id: t.position?.id ?? null,
    position_title: t.position?.position_title ?? null,
    employee_id: t.employee?.id ?? null,
    employee_name: employeeName(t.employee),
    due_date: t.due_date?.toISOString() ?? null,
    estimated_hours: hours(t.estimated_hours),
    progress_percentage: t.progress_percentage,
    completed_at: t.completed_at?.toISOString() ?? null,
    is_overdue: status === 'overdue',
    template_id: t.template?.id ?? null,
    created_by: t.created_by?.id ?? null,
    created_by_name: userName(t.created_by),
    created_at: t.created_at.toISOString(),
    updated_at: t.updated_at.toISOString(),
  };
}

export function toCommentResponse(c: TaskComment): TaskCommentResponseDto {
  return {
    id: c.id,
    task_id: c.task.id,
    comment: c.comment,
    user_id: c.author?.id ?? null,
    author_name: userName(c.author),
    created_at: c.created_at.toISOString(),
  };
}

export function toTemplateResponse(t: TaskTemplate): TaskTemplateResponseDto {
  return {
    id: t.id,
    name: t.name,
    title: t.title,
    description: t.description ?? null,
    category: t.category,
    priority: t.priority,
    estimated_hours: hours(t.estimated_hours),
    due_in_days: t.due_in_days ?? null,
    department_id: t.department?.id ?? null,
    department_name: t.department?.department_name ?? null,
    position_id: t.position?.id ?? null,
    position_title: t.position?.position_title ?? null,
    is_active: t.is_active,
    created_at: t.created_at.toISOString(),
  };
}
