import { useCallback, useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  IconButton,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/Delete';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { api, errorMessage, fieldErrors } from '../../../providers/httpClient';
import { LoadError } from '../../../layout/LoadError';
import { leaveApi, type LeavePolicy, type LeaveType } from '../../leave/api';

const FLAGS = [
  ['carryOverEnabled', 'leave.settings.carry_over'],
  ['proRationEnabled', 'leave.settings.pro_ration'],
  ['requiresDoctorNote', 'leave.settings.doctor_note'],
  ['paidLeaveEnabled', 'leave.settings.paid_leave'],
] as const;
const NUMBERS = [
  ['maxCarryOverDays', 'leave.settings.max_carry_over', 0.5],
  ['expiryMonths', 'leave.settings.expiry_months', 1],
  ['maxDaysPerYear', 'leave.settings.policy_max_days', 1],
  ['consecutiveDaysLimit', 'leave.settings.consecutive', 1],
  ['maternityWeeks', 'leave.settings.maternity', 1],
  ['paternityWeeks', 'leave.settings.paternity', 1],
] as const;
type Flag = (typeof FLAGS)[number][0];
type NumberKey = (typeof NUMBERS)[number][0];
type PolicyForm = { name: string; description: string } & Record<Flag, boolean> & Record<NumberKey, string>;

const EMPTY: PolicyForm = {
  name: '',
  description: '',
  carryOverEnabled: false,
  proRationEnabled: false,
  requiresDoctorNote: false,
  paidLeaveEnabled: true,
  maxCarryOverDays: '',
  expiryMonths: '',
  maxDaysPerYear: '',
  consecutiveDaysLimit: '',
  maternityWeeks: '',
  paternityWeeks: '',
};
const toForm = (p: LeavePolicy): PolicyForm => ({
  ...EMPTY,
  name: p.name,
  description: p.description ?? '',
  ...Object.fromEntries(FLAGS.map(([k]) => [k, p[k]])),
  ...Object.fromEntries(NUMBERS.map(([k]) => [k, p[k] === null ? '' : String(p[k])])),
});

/** Settings → Leave Settings → Leave Policies: persisted, attached to leave types from the type form. */
export const LeavePoliciesPanel = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const [policies, setPolicies] = useState<LeavePolicy[] | null>(null);
  const [types, setTypes] = useState<LeaveType[]>([]);
  const [failed, setFailed] = useState(false);
  const [editing, setEditing] = useState<LeavePolicy | 'new' | null>(null);
  const [form, setForm] = useState<PolicyForm>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [deleting, setDeleting] = useState<LeavePolicy | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    setFailed(false);
    try {
      const [p, t] = await Promise.all([leaveApi.policies(), leaveApi.types()]);
      setPolicies(p);
      setTypes(t);
    } catch {
      setFailed(true);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const close = () => {
    setEditing(null);
    setForm(EMPTY);
    setErrors({});
  };

  const save = async () => {
    if (!form.name.trim()) {
      setErrors({ name: translate('leave.settings.policy_required') });
      return;
    }
    const body = {
      name: form.name.trim(),
      description: form.description.trim() || null,
      ...Object.fromEntries(FLAGS.map(([k]) => [k, form[k]])),
      ...Object.fromEntries(NUMBERS.map(([k]) => [k, form[k] === '' ? null : Number(form[k])])),
    };
    setBusy(true);
    try {
      if (editing === 'new') await api.post('/hr/leave-policies', body);
      else await api.put(`/hr/leave-policies/${(editing as LeavePolicy).id}`, body);
      notify('leave.settings.policy_saved', { type: 'success' });
      close();
      await load();
    } catch (error) {
      setErrors({ ...Object.fromEntries(fieldErrors(error).map((e) => [e.field, e.message])), form: errorMessage(error, translate('leave.settings.save_policy_failed')) });
      notify(errorMessage(error, translate('leave.settings.save_policy_failed')), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    const p = deleting!;
    setDeleting(null);
    try {
      await api.delete(`/hr/leave-policies/${p.id}`);
      notify('leave.settings.policy_deleted', { type: 'success' });
      await load();
    } catch (error) {
      notify(errorMessage(error, translate('leave.settings.save_policy_failed')), { type: 'error' });
    }
  };

  if (failed) return <LoadError onRetry={load}>{translate('leave.settings.fetch_policies_failed')}</LoadError>;
  if (!policies) return <CircularProgress aria-label="loading" />;

  const typeNames = (p: LeavePolicy) => types.filter((t) => p.leave_type_ids.includes(t.id)).map((t) => t.type_name).join(', ');

  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => {
            setEditing('new');
            setForm(EMPTY);
          }}
        >
          {translate('leave.settings.add_policy')}
        </Button>
      </Box>
      {policies.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
          {translate('leave.settings.policies_empty')}
        </Typography>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' } }}>
        {policies.map((p) => (
          <Card key={p.id} variant="outlined" data-testid={`leave-policy-${p.name}`}>
            <CardContent>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start' }}>
                <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
                  {p.name}
                </Typography>
                <Box>
                  <IconButton
                    aria-label={`${translate('leave.settings.edit')} ${p.name}`}
                    onClick={() => {
                      setEditing(p);
                      setForm(toForm(p));
                    }}
                  >
                    <EditIcon fontSize="small" />
                  </IconButton>
                  <IconButton aria-label={`${translate('leave.settings.delete')} ${p.name}`} color="error" onClick={() => setDeleting(p)}>
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </Box>
              </Box>
              {p.description && <Typography variant="body2">{p.description}</Typography>}
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {[
                  ...FLAGS.filter(([k]) => p[k]).map(([, label]) => translate(label)),
                  ...NUMBERS.filter(([k]) => p[k] !== null).map(([k, label]) => `${translate(label)}: ${p[k]}`),
                ].join(' · ')}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {p.leave_type_ids.length ? translate('leave.settings.used_by', { types: typeNames(p) }) : translate('leave.settings.no_types')}
              </Typography>
            </CardContent>
          </Card>
        ))}
      </Box>
      <Dialog open={editing !== null} onClose={close} fullWidth maxWidth="sm" aria-labelledby="leave-policy-title">
        <DialogTitle id="leave-policy-title">{translate(editing === 'new' ? 'leave.settings.add_policy' : 'leave.settings.edit_policy')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            {errors.form && <Alert severity="error">{errors.form}</Alert>}
            <TextField
              required
              label={translate('leave.settings.policy_name')}
              value={form.name}
              onChange={(e) => setForm((f) => ({ ...f, name: e.target.value }))}
              error={!!errors.name}
              helperText={errors.name}
            />
            <TextField
              multiline
              minRows={2}
              label={translate('leave.settings.description')}
              value={form.description}
              onChange={(e) => setForm((f) => ({ ...f, description: e.target.value }))}
            />
            {FLAGS.map(([key, label]) => (
              <FormControlLabel
                key={key}
                control={<Switch checked={form[key]} onChange={(e) => setForm((f) => ({ ...f, [key]: e.target.checked }))} />}
                label={translate(label)}
              />
            ))}
            {NUMBERS.map(([key, label, step]) => (
              <TextField
                key={key}
                type="number"
                label={translate(label)}
                value={form[key]}
                onChange={(e) => setForm((f) => ({ ...f, [key]: e.target.value }))}
                error={!!errors[key]}
                helperText={errors[key]}
                slotProps={{ htmlInput: { min: 0, step } }}
              />
            ))}
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
        content="leave.settings.delete_policy_confirm"
        onClose={() => setDeleting(null)}
        onConfirm={remove}
      />
    </>
  );
};
