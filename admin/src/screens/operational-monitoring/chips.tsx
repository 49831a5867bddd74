import { Chip, type ChipProps } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { TaskPriority, TaskStatus } from './api';

const STATUS_COLOR: Record<TaskStatus, ChipProps['color']> = {
  pending: 'default',
  in_progress: 'primary',
  completed: 'success',
  cancelled: 'default',
  on_hold: 'warning',
  overdue: 'error',
};

const PRIORITY_COLOR: Record<TaskPriority, ChipProps['color']> = {
  low: 'default',
  medium: 'info',
  high: 'warning',
  urgent: 'error',
  critical: 'error',
};

export const StatusChip = ({ status }: { status: TaskStatus }) => {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={STATUS_COLOR[status]}
      variant={status === 'cancelled' ? 'outlined' : 'filled'}
      label={translate(`monitoring.status.${status}`)}
      data-testid="task-status"
    />
  );
};

export const PriorityChip = ({ priority }: { priority: TaskPriority }) => {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={PRIORITY_COLOR[priority]}
      variant={priority === 'critical' ? 'filled' : 'outlined'}
      label={translate(`monitoring.priority.${priority}`)}
    />
  );
};

/** en-US date of an ISO timestamp, or the fallback. */
export const formatDate = (value: string | null | undefined, fallback = '—') =>
  value ? new Date(value).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' }) : fallback;

export const formatDateTime = (value: string) =>
  new Date(value).toLocaleString('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
