import { useEffect, useState } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  IconButton,
  LinearProgress,
  MenuItem,
  Stack,
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
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/Edit';
import GroupIcon from '@mui/icons-material/Group';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { LoadError } from '../../layout/LoadError';
import { errorMessage, fieldErrors } from '../../providers/httpClient';
import { payrollApi, type SalaryComponent, type TaxBracket } from './api';
import { money } from './shared';

type Draft = Pick<
  SalaryComponent,
  'component_name' | 'component_code' | 'component_type' | 'calculation_type' | 'is_taxable' | 'applies_to_all' | 'is_active'
> & { value: string };

const EMPTY: Draft = {
  component_name: '',
  component_code: '',
  component_type: 'allowance',
  calculation_type: 'fixed',
  is_taxable: true,
  applies_to_all: false,
  is_active: true,
  value: '',
};

const ComponentDialog = ({ component, onClose, onSaved }: { component: SalaryComponent | null; onClose: () => void; onSaved: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [draft, setDraft] = useState<Draft>(
    component
      ? {
          component_name: component.component_name,
          component_code: component.component_code,
          component_type: component.component_type,
          calculation_type: component.calculation_type,
          is_taxable: component.is_taxable,
          applies_to_all: component.applies_to_all,
          is_active: component.is_active,
          value: (component.calculation_type === 'fixed' ? component.amount : component.percentage) ?? '',
        }
      : EMPTY,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const t = (key: string) => translate(`payroll.settings.${key}`);

  const save = async () => {
    setBusy(true);
    setErrors({});
    const { value, ...rest } = draft;
    const body = draft.calculation_type === 'fixed' ? { ...rest, amount: value } : { ...rest, percentage: value };
    try {
      const res = await payrollApi.saveComponent(component?.id ?? null, body);
      notify(res.message ?? translate('payroll.messages.saved'), { type: 'success' });
      onSaved();
    } catch (error) {
      const fields = Object.fromEntries(fieldErrors(error).map((e) => [e.field === 'amount' || e.field === 'percentage' ? 'value' : e.field, e.message]));
      setErrors(fields);
      notify(errorMessage(error, translate('payroll.messages.save_failed')), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{component ? t('edit_component') : t('new_component')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField label={t('name')} value={draft.component_name} onChange={(e) => set('component_name', e.target.value)} error={!!errors.component_name} helperText={errors.component_name} required />
          <TextField label={t('code')} value={draft.component_code} onChange={(e) => set('component_code', e.target.value.toUpperCase())} error={!!errors.component_code} helperText={errors.component_code} required />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField select fullWidth label={t('type')} value={draft.component_type} onChange={(e) => set('component_type', e.target.value as Draft['component_type'])}>
              <MenuItem value="allowance">{t('types.allowance')}</MenuItem>
              <MenuItem value="deduction">{t('types.deduction')}</MenuItem>
            </TextField>
            <TextField select fullWidth label={t('calculation')} value={draft.calculation_type} onChange={(e) => set('calculation_type', e.target.value as Draft['calculation_type'])}>
              <MenuItem value="fixed">{t('calculations.fixed')}</MenuItem>
              <MenuItem value="percentage">{t('calculations.percentage')}</MenuItem>
            </TextField>
          </Stack>
          <TextField
            type="number"
            label={draft.calculation_type === 'fixed' ? t('amount') : t('percentage')}
            value={draft.value}
            onChange={(e) => set('value', e.target.value)}
            error={!!errors.value}
            helperText={errors.value}
            slotProps={{ htmlInput: { min: 0, step: draft.calculation_type === 'fixed' ? 0.01 : 0.0001 } }}
            required
          />
          <FormControlLabel control={<Checkbox checked={draft.is_taxable} onChange={(e) => set('is_taxable', e.target.checked)} />} label={t('taxable')} />
          <FormControlLabel control={<Checkbox checked={draft.applies_to_all} onChange={(e) => set('applies_to_all', e.target.checked)} />} label={t('applies_to_all')} />
          <FormControlLabel control={<Checkbox checked={draft.is_active} onChange={(e) => set('is_active', e.target.checked)} />} label={t('active')} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('payroll.actions.cancel')}</Button>
        <Button variant="contained" onClick={save} disabled={busy}>
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

const AssignmentsDialog = ({ component, onClose }: { component: SalaryComponent; onClose: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const t = (key: string, args?: object) => translate(`payroll.settings.${key}`, args);
  const assignments = useQuery({ queryKey: ['payroll', 'assignments', component.id], queryFn: () => payrollApi.assignments(component.id) });
  const employees = useQuery({ queryKey: ['payroll', 'employee-options'], queryFn: payrollApi.employees });
  const [employeeId, setEmployeeId] = useState('');
  const [override, setOverride] = useState('');

  const act = async (call: () => Promise<{ message?: string }>) => {
    try {
      const res = await call();
      notify(res.message ?? translate('payroll.messages.saved'), { type: 'success' });
      await assignments.refetch();
    } catch (error) {
      notify(errorMessage(error, translate('payroll.messages.save_failed')), { type: 'error' });
    }
  };
  const add = () =>
    act(async () => {
      const res = await payrollApi.assign({
        employee_id: Number(employeeId),
        component_id: component.id,
        ...(override ? (component.calculation_type === 'fixed' ? { amount: override } : { percentage: override }) : {}),
      });
      setEmployeeId('');
      setOverride('');
      return res;
    });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>
        {t('assignments')}: {component.component_name}
      </DialogTitle>
      <DialogContent dividers>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2 }}>
          <TextField select fullWidth size="small" label={t('employee')} value={employeeId} onChange={(e) => setEmployeeId(e.target.value)}>
            {(employees.data ?? []).map((e) => (
              <MenuItem key={e.id} value={String(e.id)}>
                {e.first_name} {e.last_name} ({e.employee_code})
              </MenuItem>
            ))}
          </TextField>
          <TextField size="small" type="number" label={t('override')} value={override} onChange={(e) => setOverride(e.target.value)} />
          <Button variant="contained" onClick={add} disabled={!employeeId}>
            {t('assign')}
          </Button>
        </Stack>
        {assignments.isPending && <LinearProgress />}
        {assignments.error && <LoadError onRetry={() => assignments.refetch()}>{translate('payroll.messages.load_failed')}</LoadError>}
        {assignments.data?.length === 0 && <Typography color="text.secondary">{t('no_assignments')}</Typography>}
        {assignments.data?.map((a) => (
          <Box key={a.id} sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', py: 0.5 }}>
            <Typography variant="body2">
              {a.employee_name} ({a.employee_code}) {a.amount ? `· ${money(a.amount)}` : a.percentage ? `· ${Number(a.percentage)}%` : ''}
            </Typography>
            <IconButton size="small" color="error" aria-label={translate('ra.action.delete')} onClick={() => act(() => payrollApi.unassign(a.id))}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Box>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('payroll.actions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
};

const TaxTable = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const t = (key: string) => translate(`payroll.settings.${key}`);
  const { data, error, isPending, refetch } = useQuery({ queryKey: ['payroll', 'tax'], queryFn: payrollApi.taxBrackets });
  const [rows, setRows] = useState<TaxBracket[]>([]);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (data) setRows(data.map((b) => ({ lower_bound: b.lower_bound, upper_bound: b.upper_bound, rate: b.rate })));
  }, [data]);

  const update = (i: number, key: keyof TaxBracket, value: string) =>
    setRows((list) =>
      list.map((r, j) => {
        if (j === i) return { ...r, [key]: key === 'upper_bound' && value === '' ? null : value };
        // the next band starts where this one ends
        if (key === 'upper_bound' && j === i + 1) return { ...r, lower_bound: value };
        return r;
      }),
    );
  const addBand = () =>
    setRows((list) => {
      const last = list[list.length - 1];
      if (!last) return [{ lower_bound: '0', upper_bound: null, rate: '0' }];
      const start = last.upper_bound ?? String(Number(last.lower_bound) + 1000);
      return [...list.slice(0, -1), { ...last, upper_bound: start }, { lower_bound: start, upper_bound: null, rate: last.rate }];
    });
  const save = async () => {
    setBusy(true);
    try {
      const res = await payrollApi.saveTaxBrackets(rows);
      notify(res.message ?? translate('payroll.messages.saved'), { type: 'success' });
      await refetch();
    } catch (e) {
      notify(errorMessage(e, translate('payroll.messages.save_failed')), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" sx={{ mb: 0.5 }}>
          {t('tax')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('tax_hint')}
        </Typography>
        {error ? (
          <LoadError onRetry={() => refetch()}>{translate('payroll.messages.load_failed')}</LoadError>
        ) : isPending ? (
          <LinearProgress />
        ) : (
          <Stack spacing={1}>
            {rows.map((r, i) => (
              <Stack key={i} direction="row" spacing={1} alignItems="center">
                <TextField size="small" type="number" label={t('from')} value={r.lower_bound} disabled={i > 0} onChange={(e) => update(i, 'lower_bound', e.target.value)} />
                <TextField size="small" type="number" label={t('to')} placeholder={t('no_limit')} value={r.upper_bound ?? ''} onChange={(e) => update(i, 'upper_bound', e.target.value)} />
                <TextField size="small" type="number" label={t('rate')} value={r.rate} onChange={(e) => update(i, 'rate', e.target.value)} sx={{ maxWidth: 110 }} />
                <IconButton size="small" aria-label={translate('ra.action.delete')} onClick={() => setRows((list) => list.filter((_, j) => j !== i))}>
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Stack>
            ))}
            <Box sx={{ display: 'flex', gap: 1 }}>
              <Button startIcon={<AddIcon />} onClick={addBand}>
                {t('add_band')}
              </Button>
              <Button variant="contained" onClick={save} disabled={busy}>
                {t('save_tax')}
              </Button>
            </Box>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
};

/** Payroll settings for payroll staff: salary components, who they apply to, and the tax table. */
export default function PayrollSettings() {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const t = (key: string, args?: object) => translate(`payroll.settings.${key}`, args);
  const { data, error, isPending, refetch } = useQuery({ queryKey: ['payroll', 'components'], queryFn: payrollApi.components });
  const [editing, setEditing] = useState<SalaryComponent | 'new' | null>(null);
  const [assigning, setAssigning] = useState<SalaryComponent | null>(null);
  const [deleting, setDeleting] = useState<SalaryComponent | null>(null);

  const remove = async () => {
    if (!deleting) return;
    try {
      const res = await payrollApi.deleteComponent(deleting.id);
      notify(res.message ?? translate('payroll.messages.deleted'), { type: 'success' });
      await refetch();
    } catch (e) {
      notify(errorMessage(e, translate('payroll.messages.delete_failed')), { type: 'error' });
    } finally {
      setDeleting(null);
    }
  };

  return (
    <Stack spacing={3}>
      <Card variant="outlined">
        <CardContent>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
            <Typography variant="h6">{t('components')}</Typography>
            <Button startIcon={<AddIcon />} onClick={() => setEditing('new')}>
              {t('new_component')}
            </Button>
          </Box>
          {error ? (
            <LoadError onRetry={() => refetch()}>{translate('payroll.messages.load_failed')}</LoadError>
          ) : isPending ? (
            <LinearProgress />
          ) : !data?.length ? (
            <Typography color="text.secondary">{t('no_components')}</Typography>
          ) : (
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('name')}</TableCell>
                    <TableCell>{t('type')}</TableCell>
                    <TableCell>{t('value')}</TableCell>
                    <TableCell>{t('applies')}</TableCell>
                    <TableCell />
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.map((c) => (
                    <TableRow key={c.id} sx={{ opacity: c.is_active ? 1 : 0.5 }}>
                      <TableCell>
                        {c.component_name}
                        <Box component="span" sx={{ color: 'text.secondary', ml: 1 }}>
                          {c.component_code}
                        </Box>
                      </TableCell>
                      <TableCell>{t(`types.${c.component_type}`)}</TableCell>
                      <TableCell>{c.calculation_type === 'fixed' ? money(c.amount) : `${Number(c.percentage)}%`}</TableCell>
                      <TableCell>{c.applies_to_all ? t('everyone') : t('assigned', { smart_count: c.assigned_count })}</TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        <Tooltip title={t('assignments')}>
                          <IconButton size="small" aria-label={t('assignments')} onClick={() => setAssigning(c)}>
                            <GroupIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                        <Tooltip title={translate('ra.action.edit')}>
                          <IconButton size="small" aria-label={translate('ra.action.edit')} onClick={() => setEditing(c)}>
                            <EditIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                        <Tooltip title={translate('ra.action.delete')}>
                          <IconButton size="small" color="error" aria-label={translate('ra.action.delete')} onClick={() => setDeleting(c)}>
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
        </CardContent>
      </Card>
      <TaxTable />
      {editing && (
        <ComponentDialog
          component={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void refetch();
          }}
        />
      )}
      {assigning && (
        <AssignmentsDialog
          component={assigning}
          onClose={() => {
            setAssigning(null);
            void queryClient.invalidateQueries({ queryKey: ['payroll', 'components'] });
          }}
        />
      )}
      <Confirm
        isOpen={!!deleting}
        title={t('delete_title')}
        content={t('delete_content')}
        onConfirm={remove}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
