import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormHelperText,
  Grid,
  InputLabel,
  ListItemText,
  MenuItem,
  Select,
  TextField,
} from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { errorMessage, fieldErrors } from '../../providers/httpClient';
import {
  CATEGORIES,
  monitoringApi,
  PRIORITIES,
  type DepartmentOption,
  type EmployeeOption,
  type PositionOption,
  type TaskCategory,
  type TaskPriority,
} from './api';

interface Form {
  title: string;
  description: string;
  category: TaskCategory;
  priority: TaskPriority;
  due_date: string;
  estimated_hours: string;
  department_ids: number[];
  position_id: number | '';
  employee_ids: number[];
}

const EMPTY: Form = {
  title: '',
  description: '',
  category: 'general',
  priority: 'medium',
  due_date: '',
  estimated_hours: '',
  department_ids: [],
  position_id: '',
  employee_ids: [],
};

type Errors = Partial<Record<keyof Form | 'form', string>>;

/** Fields whose server errors show under the field itself. */
const SHOWN_FIELDS = ['title', 'description', 'due_date', 'estimated_hours', 'department_ids', 'position_id'];

const fullName = (e: EmployeeOption) => `${e.first_name} ${e.last_name}`;

/**
 * New Task (hr.md 2, 5, 7): one task per employee of the chosen departments and/or position,
 * created by one bulk request; the answer says which employees could not get one.
 */
export const NewTaskDialog = ({ onClose, onCreated }: { onClose: () => void; onCreated: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const [options, setOptions] = useState<{
    departments: DepartmentOption[];
    positions: PositionOption[];
    employees: EmployeeOption[];
  } | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);

  useEffect(() => {
    let live = true;
    Promise.all([monitoringApi.departments(), monitoringApi.positions(), monitoringApi.employees()])
      .then(([departments, positions, employees]) => {
        if (live) setOptions({ departments, positions, employees });
      })
      .catch((error) => {
        console.error('Failed to load departments, positions or employees', error);
        if (live) setLoadFailed(true);
      });
    return () => {
      live = false;
    };
  }, []);

  const matching = useMemo(() => {
    if (!options || (!form.department_ids.length && form.position_id === '')) return [];
    return options.employees.filter(
      (e) =>
        e.employment_status === 'active' &&
        (!form.department_ids.length || (e.department_id !== null && form.department_ids.includes(e.department_id))) &&
        (form.position_id === '' || e.position_id === form.position_id),
    );
  }, [options, form.department_ids, form.position_id]);

  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    setForm((f) => {
      const next = { ...f, [key]: value };
      // a changed selection drops the picked employees that no longer match
      if (key === 'department_ids' || key === 'position_id') next.employee_ids = [];
      return next;
    });
    setErrors((e) => ({ ...e, [key]: undefined, form: undefined }));
  };

  const submit = async () => {
    const found: Errors = {};
    if (!form.title.trim()) found.title = translate('monitoring.messages.title_required');
    if (!form.department_ids.length && form.position_id === '') {
      found.department_ids = translate('monitoring.messages.department_or_position');
    } else if (options && !matching.length) {
      found.form = translate('monitoring.messages.no_employees');
    }
    if (Object.keys(found).length) {
      setErrors(found);
      return;
    }
    setSaving(true);
    try {
      const result = await monitoringApi.bulkCreate({
        title: form.title.trim(),
        description: form.description.trim() || null,
        category: form.category,
        priority: form.priority,
        due_date: form.due_date || null,
        estimated_hours: form.estimated_hours === '' ? null : Number(form.estimated_hours),
        department_ids: form.department_ids,
        position_id: form.position_id === '' ? null : form.position_id,
        ...(form.employee_ids.length ? { employee_ids: form.employee_ids } : {}),
      });
      if (!result.created) {
        notify('monitoring.messages.create_failed', { type: 'error' });
        setSaving(false);
        return;
      }
      if (result.failed.length) {
        notify('monitoring.messages.partial_failure', {
          type: 'warning',
          messageArgs: { failed: result.failed.length, total: result.total },
        });
      } else {
        notify('monitoring.messages.created', { type: 'success', messageArgs: { smart_count: result.created } });
      }
      onCreated();
    } catch (error) {
      const byField = fieldErrors(error);
      if (byField.length) {
        const unshown = byField.find((f) => !SHOWN_FIELDS.includes(f.field));
        setErrors({ ...Object.fromEntries(byField.map((f) => [f.field, f.message])), form: unshown?.message } as Errors);
      } else {
        const message = errorMessage(error, translate('monitoring.messages.create_failed'));
        setErrors({ form: message });
        notify(message, { type: 'error' });
      }
      setSaving(false);
    }
  };

  const departmentName = (id: number) => options?.departments.find((d) => d.id === id)?.department_name ?? String(id);

  return (
    <Dialog open onClose={saving ? undefined : onClose} fullWidth maxWidth="md" aria-labelledby="new-task-title">
      <DialogTitle id="new-task-title">{translate('monitoring.new_task')}</DialogTitle>
      <DialogContent dividers>
        {loadFailed && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {translate('monitoring.load_failed')}
          </Alert>
        )}
        {errors.form && (
          <Alert severity="error" sx={{ mb: 2 }} role="alert">
            {errors.form}
          </Alert>
        )}
        <Grid container spacing={2}>
          <Grid size={12}>
            <TextField
              fullWidth
              required
              autoFocus
              label={translate('monitoring.form.title')}
              value={form.title}
              onChange={(e) => set('title', e.target.value)}
              error={!!errors.title}
              helperText={errors.title}
              slotProps={{ htmlInput: { maxLength: 255 } }}
            />
          </Grid>
          <Grid size={12}>
            <TextField
              fullWidth
              multiline
              minRows={2}
              label={translate('monitoring.form.description')}
              value={form.description}
              onChange={(e) => set('description', e.target.value)}
              error={!!errors.description}
              helperText={errors.description}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              select
              fullWidth
              label={translate('monitoring.form.category')}
              value={form.category}
              onChange={(e) => set('category', e.target.value as TaskCategory)}
            >
              {CATEGORIES.map((c) => (
                <MenuItem key={c} value={c}>
                  {translate(`monitoring.category.${c}`)}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              select
              fullWidth
              label={translate('monitoring.form.priority')}
              value={form.priority}
              onChange={(e) => set('priority', e.target.value as TaskPriority)}
            >
              {PRIORITIES.map((p) => (
                <MenuItem key={p} value={p}>
                  {translate(`monitoring.priority.${p}`)}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              fullWidth
              type="date"
              label={translate('monitoring.form.due_date')}
              value={form.due_date}
              onChange={(e) => set('due_date', e.target.value)}
              error={!!errors.due_date}
              helperText={errors.due_date}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              fullWidth
              type="number"
              label={translate('monitoring.form.estimated_hours')}
              value={form.estimated_hours}
              onChange={(e) => set('estimated_hours', e.target.value)}
              error={!!errors.estimated_hours}
              helperText={errors.estimated_hours}
              slotProps={{ htmlInput: { min: 0, step: 0.5 } }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormControl fullWidth error={!!errors.department_ids}>
              <InputLabel id="task-departments-label">{translate('monitoring.form.departments')}</InputLabel>
              <Select
                multiple
                labelId="task-departments-label"
                label={translate('monitoring.form.departments')}
                value={form.department_ids}
                onChange={(e) => set('department_ids', (e.target.value as number[]).map(Number))}
                renderValue={(ids) => ids.map(departmentName).join(', ')}
                disabled={!options}
              >
                {options?.departments.map((d) => (
                  <MenuItem key={d.id} value={d.id}>
                    <Checkbox size="small" checked={form.department_ids.includes(d.id)} />
                    <ListItemText primary={d.department_name} />
                  </MenuItem>
                ))}
              </Select>
              {errors.department_ids && <FormHelperText>{errors.department_ids}</FormHelperText>}
            </FormControl>
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              select
              fullWidth
              label={translate('monitoring.form.position')}
              value={form.position_id}
              onChange={(e) => set('position_id', e.target.value === '' ? '' : Number(e.target.value))}
              error={!!errors.position_id}
              helperText={errors.position_id}
              disabled={!options}
            >
              <MenuItem value="">{translate('monitoring.form.any_position')}</MenuItem>
              {options?.positions.map((p) => (
                <MenuItem key={p.id} value={p.id}>
                  {p.position_title}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={12}>
            <FormControl fullWidth disabled={!matching.length}>
              <InputLabel id="task-employees-label" shrink>
                {translate('monitoring.form.employees')}
              </InputLabel>
              <Select
                multiple
                displayEmpty
                notched
                labelId="task-employees-label"
                label={translate('monitoring.form.employees')}
                value={form.employee_ids}
                onChange={(e) => set('employee_ids', (e.target.value as number[]).map(Number))}
                renderValue={(ids) =>
                  ids.length
                    ? matching
                        .filter((e) => ids.includes(e.id))
                        .map(fullName)
                        .join(', ')
                    : translate('monitoring.form.all_matching', { count: matching.length })
                }
              >
                {matching.map((e) => (
                  <MenuItem key={e.id} value={e.id}>
                    <Checkbox size="small" checked={form.employee_ids.includes(e.id)} />
                    <ListItemText primary={fullName(e)} />
                  </MenuItem>
                ))}
              </Select>
              <FormHelperText>{translate('monitoring.form.matching_hint')}</FormHelperText>
            </FormControl>
          </Grid>
        </Grid>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          {translate('monitoring.form.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void submit()}
          disabled={saving}
          startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {translate(saving ? 'monitoring.form.creating' : 'monitoring.form.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
