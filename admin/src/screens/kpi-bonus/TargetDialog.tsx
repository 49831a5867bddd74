import { useState } from 'react';
import { Alert, Autocomplete, Grid, InputAdornment, MenuItem, TextField } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { kpiApi, newIdempotencyKey, TARGET_TYPES, type Kpi, type NewTarget, type Target, type TargetChanges, type TargetType } from './api';
import { DialogFrame } from './DialogFrame';
import { currentPeriod } from './format';
import { inList, serverErrors } from './serverErrors';
import { useSubjects, type SubjectOption } from './useSubjects';

interface Form {
  kpi_id: number | '';
  target_type: TargetType;
  target_id: number | null;
  period_start_date: string;
  period_end_date: string;
  target_value: string;
  notes: string;
}
type Field = keyof Form;
const FIELDS: readonly Field[] = ['kpi_id', 'target_type', 'target_id', 'period_start_date', 'period_end_date', 'target_value', 'notes'];

const initial = (target: Target | null, kpi: Kpi | null): Form => {
  if (target) {
    return {
      kpi_id: target.kpi_id,
      target_type: target.target_type,
      target_id: target.target_id,
      period_start_date: target.period_start_date,
      period_end_date: target.period_end_date,
      target_value: target.target_value,
      notes: target.notes ?? '',
    };
  }
  const period = currentPeriod(kpi?.period_type ?? 'monthly');
  return {
    kpi_id: kpi?.id ?? '',
    target_type: 'employee',
    target_id: null,
    period_start_date: period.start,
    period_end_date: period.end,
    target_value: '',
    notes: '',
  };
};

/**
 * An edit sends only what changed: a target whose bonus is approved or paid still takes new notes.
 */
const changes = (target: Target, body: NewTarget): TargetChanges => {
  const sameValue = Number(body.target_value) === Number(target.target_value);
  return {
    ...(body.kpi_id !== target.kpi_id ? { kpi_id: body.kpi_id } : {}),
    ...(body.target_type !== target.target_type || body.target_id !== target.target_id
      ? { target_type: body.target_type, target_id: body.target_id }
      : {}),
    ...(body.period_start_date !== target.period_start_date ? { period_start_date: body.period_start_date } : {}),
    ...(body.period_end_date !== target.period_end_date ? { period_end_date: body.period_end_date } : {}),
    ...(sameValue ? {} : { target_value: body.target_value }),
    notes: body.notes,
  };
};

/**
 * Set Target / New Target / Edit Target: a KPI, whom it is for (an employee, or a department or
 * position as a team), the period (prefilled with the KPI's current period) and the value to reach.
 */
export const TargetDialog = ({
  kpis,
  kpi,
  target,
  onClose,
  onSaved,
}: {
  /** every KPI of the company (null while loading) */
  kpis: Kpi[] | null;
  /** the KPI the form opens with (Set Target on a KPI's row) */
  kpi: Kpi | null;
  target: Target | null;
  onClose: () => void;
  onSaved: () => void;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const { subjects, failed: subjectsFailed } = useSubjects();
  const [form, setForm] = useState<Form>(() => initial(target, kpi));
  const [datesTouched, setDatesTouched] = useState(!!target);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [key] = useState(newIdempotencyKey);

  const chosenKpi = kpis?.find((k) => k.id === form.kpi_id) ?? (kpi && kpi.id === form.kpi_id ? kpi : null);
  const choices = (kpis ?? (kpi ? [kpi] : [])).filter((k) => k.is_active || k.id === form.kpi_id);
  const options: SubjectOption[] = subjects?.[form.target_type] ?? [];
  const subject = options.find((o) => o.id === form.target_id) ?? null;

  const set = <K extends Field>(name: K, value: Form[K]) => {
    setForm((f) => ({ ...f, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };

  const chooseKpi = (id: number) => {
    set('kpi_id', id);
    const next = kpis?.find((k) => k.id === id);
    // the dates follow the KPI's period type until the user picks their own
    if (next && !datesTouched) {
      const period = currentPeriod(next.period_type);
      setForm((f) => ({ ...f, kpi_id: id, period_start_date: period.start, period_end_date: period.end }));
    }
  };

  const submit = async () => {
    const required = translate('kpi_bonus.target_form.required');
    const missing: Partial<Record<Field, string>> = {};
    if (form.kpi_id === '') missing.kpi_id = required;
    if (form.target_id === null) missing.target_id = required;
    if (!form.period_start_date) missing.period_start_date = required;
    if (!form.period_end_date) missing.period_end_date = required;
    if (!form.target_value.trim()) missing.target_value = required;
    if (Object.keys(missing).length) {
      setErrors(missing);
      return;
    }
    setBusy(true);
    setAlert(null);
    const body: NewTarget = {
      kpi_id: form.kpi_id as number,
      target_type: form.target_type,
      target_id: form.target_id as number,
      period_start_date: form.period_start_date,
      period_end_date: form.period_end_date,
      target_value: form.target_value.trim(),
      notes: form.notes.trim() || null,
    };
    try {
      if (target) await kpiApi.updateTarget(target.id, changes(target, body));
      else await kpiApi.createTarget(body, key);
      notify(target ? 'kpi_bonus.messages.target_updated' : 'kpi_bonus.messages.target_created', { type: 'success' });
      onSaved();
    } catch (error) {
      const fallback = translate('kpi_bonus.messages.target_save_failed');
      const found = serverErrors(error, inList(FIELDS), fallback);
      setErrors(found.errors);
      setAlert(found.alert);
      notify(found.alert ?? Object.values(found.errors)[0] ?? fallback, { type: 'error' });
      setBusy(false);
    }
  };

  const date = (name: 'period_start_date' | 'period_end_date', label: string) => (
    <TextField
      fullWidth
      required
      type="date"
      label={translate(label)}
      value={form[name]}
      onChange={(e) => {
        setDatesTouched(true);
        set(name, e.target.value);
      }}
      error={!!errors[name]}
      helperText={
        errors[name] ??
        (name === 'period_start_date' && chosenKpi && !datesTouched
          ? translate('kpi_bonus.target_form.period_hint', {
              period: translate(`kpi_bonus.period_type.${chosenKpi.period_type}`).toLowerCase(),
            })
          : undefined)
      }
      disabled={busy}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: name === 'period_end_date' ? { min: form.period_start_date || undefined } : undefined }}
    />
  );

  return (
    <DialogFrame
      title={translate(target ? 'kpi_bonus.target_form.edit_title' : 'kpi_bonus.target_form.new_title')}
      alert={alert}
      busy={busy}
      submitLabel={translate(busy ? 'kpi_bonus.saving' : 'kpi_bonus.save')}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      {subjectsFailed && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {translate('kpi_bonus.target_form.options_failed')}
        </Alert>
      )}
      <Grid container spacing={2} sx={{ pt: 1 }}>
        <Grid size={12}>
          <TextField
            select
            fullWidth
            required
            label={translate('kpi_bonus.target_form.kpi')}
            value={form.kpi_id}
            onChange={(e) => chooseKpi(Number(e.target.value))}
            error={!!errors.kpi_id}
            helperText={errors.kpi_id}
            disabled={busy || !choices.length}
          >
            {choices.map((k) => (
              <MenuItem key={k.id} value={k.id}>
                {k.name} ({k.code})
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 5 }}>
          <TextField
            select
            fullWidth
            label={translate('kpi_bonus.target_form.target_type')}
            value={form.target_type}
            onChange={(e) => {
              set('target_type', e.target.value as TargetType);
              set('target_id', null);
            }}
            error={!!errors.target_type}
            helperText={errors.target_type ?? (form.target_type !== 'employee' ? translate('kpi_bonus.target_form.team_hint') : undefined)}
            disabled={busy}
          >
            {TARGET_TYPES.map((t) => (
              <MenuItem key={t} value={t}>
                {translate(`kpi_bonus.target_type.${t}`)}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 7 }}>
          <Autocomplete
            options={options}
            value={subject}
            loading={!subjects && !subjectsFailed}
            disabled={busy}
            onChange={(_, option) => set('target_id', option?.id ?? null)}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            renderInput={(params) => (
              <TextField
                {...params}
                required
                label={translate(`kpi_bonus.target_form.subject.${form.target_type}`)}
                error={!!errors.target_id}
                helperText={errors.target_id}
              />
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{date('period_start_date', 'kpi_bonus.target_form.period_start')}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{date('period_end_date', 'kpi_bonus.target_form.period_end')}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            fullWidth
            required
            type="number"
            label={translate('kpi_bonus.target_form.target_value')}
            value={form.target_value}
            onChange={(e) => set('target_value', e.target.value)}
            error={!!errors.target_value}
            helperText={errors.target_value}
            disabled={busy}
            slotProps={{
              htmlInput: { min: 0, step: '0.01' },
              input: chosenKpi?.unit ? { endAdornment: <InputAdornment position="end">{chosenKpi.unit}</InputAdornment> } : undefined,
            }}
          />
        </Grid>
        <Grid size={12}>
          <TextField
            fullWidth
            multiline
            minRows={2}
            label={translate('kpi_bonus.target_form.notes')}
            value={form.notes}
            onChange={(e) => set('notes', e.target.value)}
            error={!!errors.notes}
            helperText={errors.notes}
            disabled={busy}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
        </Grid>
      </Grid>
    </DialogFrame>
  );
};
