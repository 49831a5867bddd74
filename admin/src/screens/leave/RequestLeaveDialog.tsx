import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { errorMessage, fieldErrors } from '../../providers/httpClient';
import { submitOrQueue } from '../../pwa/offlineQueue';
import { touchTarget } from '../../pwa/phone';
import { days, leaveApi, weekdays, type LeaveBalance, type LeaveType, type WorkingDays } from './api';
import { LEAVE_REQUESTS_PATH } from './QueuedRequests';

interface Form {
  leave_type_id: string;
  start_date: string;
  end_date: string;
  total_days: string;
  reason: string;
}
const EMPTY: Form = { leave_type_id: '', start_date: '', end_date: '', total_days: '1', reason: '' };

/** The Request Leave modal: working days of the range, the remaining balance, and the submit. */
export const RequestLeaveDialog = ({ types, onClose, onSubmitted }: { types: LeaveType[]; onClose: () => void; onSubmitted: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [form, setForm] = useState<Form>(EMPTY);
  const [file, setFile] = useState<File | null>(null);
  const [working, setWorking] = useState<WorkingDays | null>(null);
  const [balance, setBalance] = useState<LeaveBalance | null | undefined>(undefined);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const type = types.find((t) => String(t.id) === form.leave_type_id);
  const set = (key: keyof Form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));

  // the working days of the range become the default total
  useEffect(() => {
    setWorking(null);
    if (!form.start_date || !form.end_date || form.end_date < form.start_date) return;
    let live = true;
    leaveApi
      .workingDays(form.start_date, form.end_date)
      .then((w) => {
        if (!live) return;
        setWorking(w);
        setForm((f) => ({ ...f, total_days: String(w.working_days || 0.5) }));
      })
      // offline: Monday to Friday, the company's holidays unknown (the server checks the total)
      .catch(() => live && setForm((f) => ({ ...f, total_days: String(weekdays(f.start_date, f.end_date) || 0.5) })));
    return () => {
      live = false;
    };
  }, [form.start_date, form.end_date]);

  useEffect(() => {
    setBalance(undefined);
    if (!type) return;
    const year = Number((form.start_date || new Date().toISOString()).slice(0, 4));
    let live = true;
    leaveApi
      .balances({ mine: true, year, leave_type_id: type.id })
      .then((rows) => live && setBalance(rows[0] ?? null))
      // unknown (offline, nothing saved for this type): no line rather than a wrong 'no limit'
      .catch(() => live && setBalance(undefined));
    return () => {
      live = false;
    };
  }, [type, form.start_date]);

  const submit = async () => {
    if (!form.leave_type_id || !form.start_date || !form.end_date) {
      setErrors({ form: translate('leave.form.required') });
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      const attachment = file ? await leaveApi.upload(file) : null;
      const body: Record<string, unknown> = {
        leave_type_id: Number(form.leave_type_id),
        start_date: form.start_date,
        end_date: form.end_date,
        total_days: Number(form.total_days),
        reason: form.reason.trim() || null,
        ...(attachment ? { attachment_id: attachment.id } : {}),
      };
      const result = await submitOrQueue(LEAVE_REQUESTS_PATH, body, { label: 'Leave request' });
      notify(result.status === 'queued' ? 'leave.messages.queued' : 'leave.messages.submitted', {
        type: result.status === 'queued' ? 'info' : 'success',
      });
      onSubmitted();
    } catch (error) {
      const fields = Object.fromEntries(fieldErrors(error).map((e) => [e.field, e.message]));
      setErrors({ ...fields, form: errorMessage(error, translate('leave.messages.submit_failed')) });
      notify(errorMessage(error, translate('leave.messages.submit_failed')), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="request-leave-title">
      <DialogTitle id="request-leave-title">{translate('leave.form.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          {errors.form && <Alert severity="error">{errors.form}</Alert>}
          <TextField
            select
            required
            label={translate('leave.form.type')}
            value={form.leave_type_id}
            onChange={set('leave_type_id')}
            error={!!errors.leave_type_id}
            helperText={errors.leave_type_id}
            slotProps={{ select: { inputProps: { 'aria-label': translate('leave.form.type') } } }}
          >
            {types
              .filter((t) => t.is_active)
              .map((t) => (
                <MenuItem key={t.id} value={String(t.id)}>
                  {t.type_name}
                </MenuItem>
              ))}
          </TextField>
          {type && balance !== undefined && (
            <Typography variant="body2" color="text.secondary" data-testid="request-remaining">
              {balance?.limited
                ? translate('leave.form.remaining', { days: days(balance.remaining) })
                : translate('leave.form.unlimited')}
            </Typography>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              required
              fullWidth
              type="date"
              label={translate('leave.form.start')}
              value={form.start_date}
              onChange={set('start_date')}
              error={!!errors.start_date}
              helperText={errors.start_date}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              required
              fullWidth
              type="date"
              label={translate('leave.form.end')}
              value={form.end_date}
              onChange={set('end_date')}
              error={!!errors.end_date}
              helperText={errors.end_date}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: form.start_date || undefined } }}
            />
          </Stack>
          {working && (
            <Typography variant="body2" data-testid="working-days">
              {translate('leave.form.working_days', { count: working.working_days })}
              {working.holidays.length > 0 && ` · ${translate('leave.form.holidays', { dates: working.holidays.join(', ') })}`}
            </Typography>
          )}
          <TextField
            type="number"
            label={translate('leave.form.total')}
            value={form.total_days}
            onChange={set('total_days')}
            error={!!errors.total_days}
            helperText={errors.total_days}
            slotProps={{ htmlInput: { min: 0.5, step: 0.5 } }}
          />
          <TextField
            multiline
            minRows={2}
            label={translate('leave.form.reason')}
            value={form.reason}
            onChange={set('reason')}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
          {type?.attachment_required && (
            <Stack spacing={0.5}>
              <Typography variant="body2">{translate('leave.form.attachment')}</Typography>
              <Button variant="outlined" component="label" sx={{ alignSelf: 'flex-start' }}>
                {file ? file.name : translate('leave.form.choose_file')}
                <input hidden type="file" accept="application/pdf,image/png,image/jpeg" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
              </Button>
              {(errors.attachment_id || errors.file) && (
                <Typography variant="caption" color="error">
                  {errors.attachment_id || errors.file}
                </Typography>
              )}
            </Stack>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} sx={touchTarget}>
          {translate('leave.form.cancel')}
        </Button>
        <Button variant="contained" onClick={submit} disabled={busy} sx={touchTarget}>
          {translate('leave.form.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
