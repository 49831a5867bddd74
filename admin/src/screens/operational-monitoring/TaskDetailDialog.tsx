import './messages.en';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  Grid,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Skeleton,
  Slider,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/EditOutlined';
import ReplayIcon from '@mui/icons-material/Replay';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import type { components } from '../../../../openapi/schema';
import { apiData, client } from '../../providers/apiClient';
import { errorMessage } from '../../providers/httpClient';
import { LoadError } from '../../layout/LoadError';
import { useFormat } from '../../schema/format';
import { useLabels } from '../../schema/schema';
import { StatusChip } from '../../schema/StatusChip';
import { tasks } from '../../resources/monitoring';

type Task = components['schemas']['TaskResponseDto'];
type TaskStatus = Task['status'];
type TaskComment = components['schemas']['TaskCommentResponseDto'];
type TaskChanges = components['schemas']['UpdateTaskDto'];

const FINAL: TaskStatus[] = ['completed', 'cancelled'];
/** What a user may move a task to from each status (overdue is the system's). */
const NEXT: Record<TaskStatus, TaskStatus[]> = {
  pending: ['pending', 'in_progress', 'on_hold', 'completed', 'cancelled'],
  in_progress: ['pending', 'in_progress', 'on_hold', 'completed', 'cancelled'],
  on_hold: ['pending', 'in_progress', 'on_hold', 'completed', 'cancelled'],
  overdue: ['overdue', 'completed', 'cancelled'],
  completed: ['completed'],
  cancelled: ['cancelled'],
};

const pathOf = (id: number) => ({ params: { path: { id } } });

const Field = ({ label, children }: { label: string; children: ReactNode }) => (
  <Grid size={{ xs: 12, sm: 6 }}>
    <Typography variant="caption" color="text.secondary" component="div">
      {label}
    </Typography>
    <Typography variant="body2" component="div">
      {children}
    </Typography>
  </Grid>
);

/** One task: its fields, a status/progress/due-date update, reopen, delete, and its comments. */
export const TaskDetailDialog = ({
  taskId,
  onClose,
  onChanged,
  onEdit,
}: {
  taskId: number;
  onClose: () => void;
  onChanged: () => void;
  /** opens the task's whole edit form */
  onEdit?: () => void;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const format = useFormat();
  const labels = useLabels(tasks.name);
  const dateInput = (iso: string | null) => (iso ? format.dayOf(iso) : '');
  const [task, setTask] = useState<Task | null>(null);
  const [comments, setComments] = useState<TaskComment[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [draft, setDraft] = useState<{ status: TaskStatus; progress: number; due: string }>({
    status: 'pending',
    progress: 0,
    due: '',
  });
  const [busy, setBusy] = useState(false);
  const [comment, setComment] = useState('');
  const [commentError, setCommentError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);

  const chip = (source: 'status' | 'priority', value: string) => <StatusChip value={value} label={labels.choice(source, value)} />;
  const dayOf = (iso: string | null, empty = '—') => (iso ? format.date(format.dayOf(iso)) : empty);

  const show = (t: Task) => {
    setTask(t);
    setDraft({ status: t.status, progress: t.progress_percentage, due: dateInput(t.due_date) });
  };

  const load = useCallback(async () => {
    setFailed(false);
    try {
      const [t, c] = await Promise.all([
        apiData<Task>(client.GET('/api/monitoring/tasks/{id}', pathOf(taskId))),
        apiData<TaskComment[]>(client.GET('/api/monitoring/tasks/{id}/comments', pathOf(taskId))),
      ]);
      show(t);
      setComments(c);
    } catch (error) {
      console.error('Failed to load the task', error);
      setFailed(true);
    }
  }, [taskId]);

  useEffect(() => {
    void load();
  }, [load]);

  const save = async (changes: TaskChanges) => {
    setBusy(true);
    try {
      show(await apiData<Task>(client.PUT('/api/monitoring/tasks/{id}', { ...pathOf(taskId), body: changes })));
      notify('monitoring.messages.updated', { type: 'success' });
      onChanged();
    } catch (error) {
      notify(errorMessage(error, translate('monitoring.messages.update_failed')), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const saveChanges = () => {
    if (!task) return;
    const changes: TaskChanges = {};
    if (draft.status !== task.status && draft.status !== 'overdue') changes.status = draft.status;
    if (draft.progress !== task.progress_percentage && draft.status !== 'completed') changes.progress_percentage = draft.progress;
    if (draft.due !== dateInput(task.due_date)) changes.due_date = draft.due || null;
    void save(changes);
  };

  const remove = async () => {
    setConfirming(false);
    setBusy(true);
    try {
      await client.DELETE('/api/monitoring/tasks/{id}', pathOf(taskId));
      notify('monitoring.messages.deleted', { type: 'success' });
      onChanged();
      onClose();
    } catch (error) {
      notify(errorMessage(error, translate('monitoring.messages.delete_failed')), { type: 'error' });
      setBusy(false);
    }
  };

  const postComment = async () => {
    if (!comment.trim()) {
      setCommentError(translate('monitoring.messages.comment_required'));
      return;
    }
    setBusy(true);
    try {
      const added = await apiData<TaskComment>(client.POST('/api/monitoring/tasks/{id}/comments', { ...pathOf(taskId), body: { comment: comment.trim() } }));
      setComments((c) => [...(c ?? []), added]);
      setComment('');
      setCommentError(undefined);
      notify('monitoring.messages.comment_added', { type: 'success' });
    } catch (error) {
      notify(errorMessage(error, translate('monitoring.messages.comment_failed')), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const final = task ? FINAL.includes(task.status) : false;
  const dirty =
    !!task &&
    (draft.status !== task.status ||
      (draft.progress !== task.progress_percentage && draft.status !== 'completed') ||
      draft.due !== dateInput(task.due_date));

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="md" aria-labelledby="task-detail-title">
      <DialogTitle id="task-detail-title">{task?.title ?? translate('monitoring.detail.title')}</DialogTitle>
      <DialogContent dividers>
        {failed ? (
          <LoadError onRetry={load}>
            {translate('monitoring.load_failed')}
          </LoadError>
        ) : !task ? (
          <Stack spacing={1}>
            <Skeleton height={32} />
            <Skeleton height={120} />
          </Stack>
        ) : (
          <>
            <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap' }}>
              <Box component="span" data-testid="task-status">
                {chip('status', task.status)}
              </Box>
              {chip('priority', task.priority)}
              <Typography variant="body2" color="text.secondary" sx={{ alignSelf: 'center' }}>
                {labels.choice('category', task.category)}
              </Typography>
            </Stack>
            {task.description && (
              <Typography variant="body2" sx={{ mb: 2, whiteSpace: 'pre-wrap' }}>
                {task.description}
              </Typography>
            )}
            <Grid container spacing={2} sx={{ mb: 2 }}>
              <Field label={translate('monitoring.detail.assignee')}>{task.assigned_to_name ?? '—'}</Field>
              <Field label={translate('monitoring.detail.subject')}>{task.employee_name ?? '—'}</Field>
              <Field label={translate('monitoring.detail.department')}>{task.department_name ?? '—'}</Field>
              <Field label={translate('monitoring.detail.position')}>{task.position_title ?? '—'}</Field>
              <Field label={translate('monitoring.detail.due_date')}>
                <Box component="span" sx={{ color: task.is_overdue ? 'error.main' : undefined }}>
                  {dayOf(task.due_date, translate('monitoring.detail.no_due_date'))}
                </Box>
              </Field>
              <Field label={translate('monitoring.detail.estimated_hours')}>{task.estimated_hours ?? '—'}</Field>
              <Field label={translate('monitoring.detail.created')}>
                {format.dateTime(task.created_at)}
                {task.created_by_name ? ` · ${task.created_by_name}` : ''}
              </Field>
              <Field label={translate('monitoring.detail.completed_at')}>
                {format.dateTime(task.completed_at)}
              </Field>
            </Grid>

            <Divider sx={{ mb: 2 }} />
            {final ? (
              <Alert
                severity="info"
                sx={{ mb: 2 }}
                action={
                  <Button color="inherit" size="small" startIcon={<ReplayIcon />} disabled={busy} onClick={() => void save({ reopen: true })}>
                    {translate('monitoring.detail.reopen')}
                  </Button>
                }
              >
                {translate('monitoring.detail.final_hint', {
                  status: labels.choice('status', task.status).toLowerCase(),
                })}
              </Alert>
            ) : (
              <>
                {task.status === 'overdue' && (
                  <Alert severity="warning" sx={{ mb: 2 }}>
                    {translate('monitoring.detail.overdue_hint')}
                  </Alert>
                )}
                <Grid container spacing={2} sx={{ mb: 1, alignItems: 'center' }}>
                  <Grid size={{ xs: 12, sm: 4 }}>
                    <TextField
                      select
                      fullWidth
                      size="small"
                      label={translate('monitoring.detail.status')}
                      value={draft.status}
                      onChange={(e) => setDraft((d) => ({ ...d, status: e.target.value as TaskStatus }))}
                    >
                      {NEXT[task.status].map((s) => (
                        <MenuItem key={s} value={s} disabled={s === 'overdue'}>
                          {labels.choice('status', s)}
                        </MenuItem>
                      ))}
                    </TextField>
                  </Grid>
                  <Grid size={{ xs: 12, sm: 4 }}>
                    <TextField
                      fullWidth
                      size="small"
                      type="date"
                      label={translate('monitoring.detail.due_date')}
                      value={draft.due}
                      onChange={(e) => setDraft((d) => ({ ...d, due: e.target.value }))}
                      slotProps={{ inputLabel: { shrink: true } }}
                    />
                  </Grid>
                  <Grid size={{ xs: 12, sm: 4 }}>
                    <Typography variant="caption" color="text.secondary" id="task-progress-label">
                      {translate('monitoring.detail.progress')}: {draft.status === 'completed' ? 100 : draft.progress}%
                    </Typography>
                    <Slider
                      size="small"
                      step={5}
                      min={0}
                      max={100}
                      value={draft.status === 'completed' ? 100 : draft.progress}
                      disabled={draft.status === 'completed'}
                      onChange={(_, v) => setDraft((d) => ({ ...d, progress: v as number }))}
                      aria-labelledby="task-progress-label"
                    />
                  </Grid>
                </Grid>
                <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
                  <Button variant="contained" disabled={!dirty || busy} onClick={saveChanges}>
                    {translate('monitoring.detail.save')}
                  </Button>
                </Box>
              </>
            )}

            <Divider sx={{ mb: 2 }} />
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
              {translate('monitoring.detail.comments')}
            </Typography>
            {comments && !comments.length && (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {translate('monitoring.detail.no_comments')}
              </Typography>
            )}
            <List dense disablePadding aria-label={translate('monitoring.detail.comments')}>
              {comments?.map((c) => (
                <ListItem key={c.id} disableGutters alignItems="flex-start">
                  <ListItemText
                    primary={c.comment}
                    secondary={`${c.author_name ?? '—'} · ${format.dateTime(c.created_at)}`}
                    slotProps={{ primary: { sx: { whiteSpace: 'pre-wrap' } } }}
                  />
                </ListItem>
              ))}
            </List>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1, alignItems: 'flex-start' }}>
              <TextField
                fullWidth
                multiline
                size="small"
                label={translate('monitoring.detail.add_comment')}
                value={comment}
                onChange={(e) => {
                  setComment(e.target.value);
                  setCommentError(undefined);
                }}
                error={!!commentError}
                helperText={commentError}
                slotProps={{ htmlInput: { maxLength: 5000 } }}
              />
              <Button variant="outlined" disabled={busy} onClick={() => void postComment()} sx={{ whiteSpace: 'nowrap' }}>
                {translate('monitoring.detail.post_comment')}
              </Button>
            </Stack>
          </>
        )}
      </DialogContent>
      <DialogActions>
        {task && (
          <Button color="error" startIcon={<DeleteIcon />} disabled={busy} onClick={() => setConfirming(true)} sx={{ mr: 'auto' }}>
            {translate('monitoring.detail.delete')}
          </Button>
        )}
        {busy && <CircularProgress size={20} />}
        <Button onClick={onClose} disabled={busy}>
          {translate('monitoring.detail.close')}
        </Button>
        {onEdit && (
          <Button variant="contained" startIcon={<EditIcon />} disabled={busy} onClick={onEdit}>
            {labels.text('edit')}
          </Button>
        )}
      </DialogActions>
      <Confirm
        isOpen={confirming}
        title={translate('monitoring.detail.confirm_delete_title')}
        content={translate('monitoring.detail.confirm_delete', { title: task?.title ?? '' })}
        onConfirm={() => void remove()}
        onClose={() => setConfirming(false)}
      />
    </Dialog>
  );
};
