import { useCallback, useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  IconButton,
  MenuItem,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/Delete';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { api, errorMessage, fieldErrors } from '../../../providers/httpClient';
import { LoadError } from '../../../layout/LoadError';
import { leaveApi, type LeavePolicy, type LeaveType } from '../../leave/api';

interface TypeForm {
  type_name: string;
  type_code: string;
  description: string;
  max_days_per_year: string;
  is_paid: boolean;
  requires_approval: boolean;
  requires_attachment: boolean;
  is_active: boolean;
  policy_id: string;
}
const EMPTY: TypeForm = {
  type_name: '',
  type_code: '',
  description: '',
  max_days_per_year: '0',
  is_paid: true,
  requires_approval: true,
  requires_attachment: false,
  is_active: true,
  policy_id: '',
};
const toForm = (t: LeaveType): TypeForm => ({
  type_name: t.type_name,
  type_code: t.type_code,
  description: t.description ?? '',
  max_days_per_year: String(t.max_days_per_year),
  is_paid: t.is_paid,
  requires_approval: t.requires_approval,
  requires_attachment: t.requires_attachment,
  is_active: t.is_active,
  policy_id: t.policy_id ? String(t.policy_id) : '',
});

/** Settings → Leave Settings → Leave Types: list with the active toggle, add/edit modal, delete. */
export const LeaveTypesPanel = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const [types, setTypes] = useState<LeaveType[] | null>(null);
  const [policies, setPolicies] = useState<LeavePolicy[]>([]);
  const [failed, setFailed] = useState(false);
  const [editing, setEditing] = useState<LeaveType | 'new' | null>(null);
  const [form, setForm] = useState<TypeForm>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [deleting, setDeleting] = useState<LeaveType | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    setFailed(false);
    try {
      const [t, p] = await Promise.all([leaveApi.types(), leaveApi.policies()]);
      setTypes(t);
      setPolicies(p);
    } catch {
      setFailed(true);
      notify('leave.settings.fetch_types_failed', { type: 'error' });
    }
  }, [notify]);
  useEffect(() => {
    void load();
  }, [load]);

  const open = (t: LeaveType | 'new') => {
    setEditing(t);
    setForm(t === 'new' ? EMPTY : toForm(t));
    setErrors({});
  };
  // closing or cancelling resets the form (hr.md 4)
  const close = () => {
    setEditing(null);
    setForm(EMPTY);
    setErrors({});
  };

  const save = async () => {
    if (!form.type_name.trim() || !form.type_code.trim()) {
      notify('leave.settings.type_required', { type: 'error' });
      setErrors({ form: translate('leave.settings.type_required') });
      return;
    }
    const body = {
      ...form,
      description: form.description.trim() || null,
      max_days_per_year: Math.trunc(Number(form.max_days_per_year) || 0),
      policy_id: form.policy_id ? Number(form.policy_id) : null,
    };
    setBusy(true);
    try {
      if (editing === 'new') await api.post('/hr/leave-types', body);
      else await api.put(`/hr/leave-types/${(editing as LeaveType).id}`, body);
      notify(editing === 'new' ? 'leave.settings.type_created' : 'leave.settings.type_updated', { type: 'success' });
      close();
      await load();
    } catch (error) {
      setErrors({ ...Object.fromEntries(fieldErrors(error).map((e) => [e.field, e.message])), form: errorMessage(error, translate('leave.settings.save_type_failed')) });
      notify(errorMessage(error, translate('leave.settings.save_type_failed')), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const toggle = async (t: LeaveType) => {
    try {
      await api.put(`/hr/leave-types/${t.id}`, { is_active: !t.is_active });
      notify('leave.settings.type_toggled', { type: 'success' });
      await load();
    } catch {
      notify('leave.settings.toggle_failed', { type: 'error' });
    }
  };

  const remove = async () => {
    const t = deleting!;
    setDeleting(null);
    try {
      await api.delete(`/hr/leave-types/${t.id}`);
      notify('leave.settings.type_deleted', { type: 'success' });
      await load();
    } catch (error) {
      notify(errorMessage(error, translate('leave.settings.delete_type_failed')), { type: 'error' });
    }
  };

  const field = (key: keyof TypeForm) => ({
    value: form[key] as string,
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value })),
    error: !!errors[key],
    helperText: errors[key],
  });
  const check = (key: keyof TypeForm, label: string) => (
    <FormControlLabel
      control={<Switch checked={form[key] as boolean} onChange={(e) => setForm((f) => ({ ...f, [key]: e.target.checked }))} />}
      label={translate(label)}
    />
  );

  if (failed) return <LoadError onRetry={load}>{translate('leave.settings.fetch_types_failed')}</LoadError>;
  if (!types) return <CircularProgress aria-label="loading" />;

  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => open('new')}>
          {translate('leave.settings.add_type')}
        </Button>
      </Box>
      {types.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
          {translate('leave.settings.types_empty')}
        </Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" data-testid="leave-types-table">
            <TableHead>
              <TableRow>
                <TableCell>{translate('leave.settings.type_name')}</TableCell>
                <TableCell>{translate('leave.settings.type_code')}</TableCell>
                <TableCell align="right">{translate('leave.settings.max_days')}</TableCell>
                <TableCell>{translate('leave.settings.policy')}</TableCell>
                <TableCell>{translate('leave.settings.is_active')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {types.map((t) => (
                <TableRow key={t.id} data-testid={`leave-type-row-${t.type_code}`}>
                  <TableCell>{t.type_name}</TableCell>
                  <TableCell>{t.type_code}</TableCell>
                  <TableCell align="right">{t.max_days_per_year}</TableCell>
                  <TableCell>{t.policy_name ?? '—'}</TableCell>
                  <TableCell>
                    <Switch checked={t.is_active} onChange={() => toggle(t)} slotProps={{ input: { 'aria-label': `${translate('leave.settings.is_active')} ${t.type_name}` } }} />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <Tooltip title={translate('leave.settings.edit')}>
                      <IconButton aria-label={`${translate('leave.settings.edit')} ${t.type_name}`} onClick={() => open(t)}>
                        <EditIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={translate('leave.settings.delete')}>
                      <IconButton aria-label={`${translate('leave.settings.delete')} ${t.type_name}`} color="error" onClick={() => setDeleting(t)}>
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      <Dialog open={editing !== null} onClose={close} fullWidth maxWidth="sm" aria-labelledby="leave-type-title">
        <DialogTitle id="leave-type-title">{translate(editing === 'new' ? 'leave.settings.add_type' : 'leave.settings.edit_type')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            {errors.form && <Alert severity="error">{errors.form}</Alert>}
            <TextField required label={translate('leave.settings.type_name')} {...field('type_name')} slotProps={{ htmlInput: { maxLength: 100 } }} />
            <TextField required label={translate('leave.settings.type_code')} {...field('type_code')} slotProps={{ htmlInput: { maxLength: 20 } }} />
            <TextField multiline minRows={2} label={translate('leave.settings.description')} {...field('description')} />
            <TextField
              type="number"
              label={translate('leave.settings.max_days')}
              {...field('max_days_per_year')}
              helperText={errors.max_days_per_year ?? translate('leave.settings.max_days_help')}
              slotProps={{ htmlInput: { min: 0, step: 1 } }}
            />
            <TextField select label={translate('leave.settings.policy')} {...field('policy_id')}>
              <MenuItem value="">{translate('leave.settings.no_policy')}</MenuItem>
              {policies.map((p) => (
                <MenuItem key={p.id} value={String(p.id)}>
                  {p.name}
                </MenuItem>
              ))}
            </TextField>
            {check('is_paid', 'leave.settings.is_paid')}
            {check('requires_approval', 'leave.settings.requires_approval')}
            {check('requires_attachment', 'leave.settings.requires_attachment')}
            {check('is_active', 'leave.settings.is_active')}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{translate('leave.settings.cancel')}</Button>
          <Button variant="contained" onClick={save} disabled={busy}>
            {translate('leave.settings.save')}
          </Button>
        </DialogActions>
      </Dialog>
      <Confirm
        isOpen={!!deleting}
        title="leave.settings.delete"
        content="leave.settings.delete_type_confirm"
        onClose={() => setDeleting(null)}
        onConfirm={remove}
      />
    </>
  );
};
