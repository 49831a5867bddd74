import { unprocessable } from '../../common/http/errors';
import { FINAL_STATUSES, OPEN_STATUSES, type TaskStatus } from './task.entity';

/** The status a reader sees: an open task past its due date is overdue even before the job marks it. */
export function effectiveStatus(task: { status: TaskStatus; due_date?: Date | null }, now: Date): TaskStatus {
  if (task.status !== 'overdue' && OPEN_STATUSES.includes(task.status) && task.due_date && task.due_date < now) {
    return 'overdue';
  }
  return task.status;
}

export interface TransitionInput {
  /** the stored status */
  from: TaskStatus;
  /** the status asked for, if any */
  requested?: TaskStatus;
  reopen?: boolean;
  /** the due date after the update */
  dueDate: Date | null;
  /** the progress after the update */
  progress: number;
  now: Date;
}

/**
 * The status a task moves to. completed and cancelled are final unless reopened; overdue is the
 * system's: an open task past due becomes overdue, and an overdue task whose due date moves into
 * the future goes back to in_progress (some progress) or pending.
 */
export function nextStatus({ from, requested, reopen, dueDate, progress, now }: TransitionInput): TaskStatus {
  const pastDue = !!dueDate && dueDate < now;
  let explicit = false;
  let to: TaskStatus;
  if (reopen) {
    if (!FINAL_STATUSES.includes(from)) throw unprocessable('Only a completed or cancelled task can be reopened', 'reopen');
    if (requested !== undefined && !OPEN_STATUSES.includes(requested)) {
      throw unprocessable('A reopened task must be pending, in progress or on hold', 'status');
    }
    explicit = requested !== undefined;
    to = requested ?? 'pending';
  } else if (requested !== undefined && requested !== from) {
    if (FINAL_STATUSES.includes(from)) {
      throw unprocessable(`This task is ${from}: reopen it to change its status`, 'status');
    }
    if (requested === 'overdue') throw unprocessable('The overdue status is set by the system', 'status');
    explicit = true;
    to = requested;
  } else {
    to = from;
  }

  if (OPEN_STATUSES.includes(to) && pastDue) {
    if (explicit) {
      throw unprocessable('This task is past its due date: set a later due date to change its status', 'status');
    }
    return 'overdue';
  }
  if (to === 'overdue' && !pastDue) return progress > 0 ? 'in_progress' : 'pending';
  return to;
}
