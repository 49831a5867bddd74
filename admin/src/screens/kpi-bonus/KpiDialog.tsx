import { useState } from 'react';
import { Button, FormControlLabel, Grid, MenuItem, Switch, TextField } from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { errorMessage } from '../../providers/httpClient';
import {
  CATEGORIES,
  DATA_SOURCES,
  DIRECTIONS,
  KPI_TYPES,
  kpiApi,
  newIdempotencyKey,
  PERIOD_TYPES,
  type Kpi,
  type NewKpi,
} from './api';
import { DialogFrame } from './DialogFrame';
import { inList, serverErrors } from './serverErrors';

type Form = Required<Pick<NewKpi, 'name' | 'code' | 'category' | 'kpi_type' | 'data_source_type' | 'period_type' | 'direction'>> & {
  description: string;
  unit: string;
  is_active: boolean;
};
type Field = keyof Form;
const FIELDS: readonly Field[] = ['name', 'code', 'description', 'category', 'kpi_type', 'data_source_type', 'period_type', 'direction', 'unit', 'is_active'];

const initial = (kpi: Kpi | null): Form => ({
  name: kpi?.name ?? '',
  code: kpi?.code ?? '',
  description: kpi?.description ?? '',
  category: kpi?.category ?? 'sales',
  kpi_type: kpi?.kpi_type ?? 'number',
  data_source_type: kpi?.data_source_type ?? 'manual',
  period_type: kpi?.period_type ?? 'monthly',
  direction: kpi?.direction ?? 'higher_is_better',
  unit: kpi?.unit ?? '',
  is_active: kpi?.is_active ?? true,
});

/** New KPI / Edit KPI (the spec shows no form: what a compensation manager defines for a measure). */
export const KpiDialog = ({ kpi, onClose, onSaved }: { kpi: Kpi | null; onClose: () => void; onSaved: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [form, setForm] = useState<Form>(() => initial(kpi));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [key] = useState(newIdempotencyKey);

  const set = <K extends Field>(name: K, value: Form[K]) => {
    setForm((f) => ({ ...f, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };

  const submit = async () => {
    const required = translate('kpi_bonus.kpi_form.required');
    const missing: Partial<Record<Field, string>> = {};
    if (!form.name.trim()) missing.name = required;
    if (!form.code.trim()) missing.code = required;
    if (Object.keys(missing).length) {
      setErrors(missing);
      return;
    }
    setBusy(true);
    setAlert(null);
    const body = {
      ...form,
      name: form.name.trim(),
      code: form.code.trim(),
      description: form.description.trim() || null,
      unit: form.unit.trim() || null,
    };
    try {
      if (kpi) await kpiApi.updateKpi(kpi.id, body);
      else await kpiApi.createKpi(body, key);
      notify(kpi ? 'kpi_bonus.messages.kpi_updated' : 'kpi_bonus.messages.kpi_created', { type: 'success' });
      onSaved();
    } catch (error) {
      const found = serverErrors(error, inList(FIELDS), translate('kpi_bonus.messages.kpi_save_failed'));
      setErrors(found.errors);
      setAlert(found.alert);
      notify(found.alert ?? Object.values(found.errors)[0] ?? translate('kpi_bonus.messages.kpi_save_failed'), { type: 'error' });
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!kpi) return;
    setDeleting(false);
    setBusy(true);
    try {
      await kpiApi.deleteKpi(kpi.id);
      notify('kpi_bonus.messages.kpi_deleted', { type: 'success' });
      onSaved();
    } catch (error) {
      notify(errorMessage(error, translate('kpi_bonus.messages.kpi_delete_failed')), { type: 'error' });
      setBusy(false);
    }
  };

  const text = (name: 'name' | 'code' | 'unit' | 'description', props: { required?: boolean; hint?: string; max: number }) => (
    <TextField
      fullWidth
      required={props.required}
      label={translate(`kpi_bonus.kpi_form.${name}`)}
      value={form[name]}
      onChange={(e) => set(name, e.target.value)}
      error={!!errors[name]}
      helperText={errors[name] ?? props.hint}
      multiline={name === 'description'}
      minRows={name === 'description' ? 2 : undefined}
      disabled={busy}
      slotProps={{ htmlInput: { maxLength: props.max } }}
    />
  );

  const select = (name: 'category' | 'kpi_type' | 'data_source_type' | 'period_type' | 'direction', options: readonly string[], prefix: string, hint?: string) => (
    <TextField
      select
      fullWidth
      label={translate(`kpi_bonus.kpi_form.${name}`)}
      value={form[name]}
      onChange={(e) => set(name, e.target.value as never)}
      error={!!errors[name]}
      helperText={errors[name] ?? hint}
      disabled={busy}
    >
      {options.map((o) => (
        <MenuItem key={o} value={o}>
          {translate(`${prefix}.${o}`)}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <>
      <DialogFrame
        title={translate(kpi ? 'kpi_bonus.kpi_form.edit_title' : 'kpi_bonus.kpi_form.new_title')}
        alert={alert}
        busy={busy}
        submitLabel={translate(busy ? 'kpi_bonus.saving' : 'kpi_bonus.save')}
        maxWidth="md"
        onSubmit={() => void submit()}
        onClose={onClose}
        extraActions={
          kpi && (
            <Button color="error" startIcon={<DeleteIcon />} onClick={() => setDeleting(true)} disabled={busy}>
              {translate('kpi_bonus.kpi_form.delete')}
            </Button>
          )
        }
      >
        <Grid container spacing={2} sx={{ pt: 1 }}>
          <Grid size={{ xs: 12, sm: 8 }}>{text('name', { required: true, max: 150 })}</Grid>
          <Grid size={{ xs: 12, sm: 4 }}>{text('code', { required: true, max: 50, hint: translate('kpi_bonus.kpi_form.code_hint') })}</Grid>
          <Grid size={12}>{text('description', { max: 2000 })}</Grid>
          <Grid size={{ xs: 12, sm: 4 }}>{select('category', CATEGORIES, 'kpi_bonus.category')}</Grid>
          <Grid size={{ xs: 12, sm: 4 }}>{select('kpi_type', KPI_TYPES, 'kpi_bonus.kpi_type')}</Grid>
          <Grid size={{ xs: 12, sm: 4 }}>{select('period_type', PERIOD_TYPES, 'kpi_bonus.period_type')}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            {select('data_source_type', DATA_SOURCES, 'kpi_bonus.data_source', translate(`kpi_bonus.data_source_hint.${form.data_source_type}`))}
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            {select('direction', DIRECTIONS, 'kpi_bonus.direction', translate(`kpi_bonus.kpi_form.direction_hint.${form.direction}`))}
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{text('unit', { max: 30, hint: translate('kpi_bonus.kpi_form.unit_hint') })}</Grid>
          <Grid size={{ xs: 12, sm: 6 }} sx={{ display: 'flex', alignItems: 'center' }}>
            <FormControlLabel
              control={<Switch checked={form.is_active} onChange={(e) => set('is_active', e.target.checked)} disabled={busy} />}
              label={translate('kpi_bonus.kpi_form.is_active')}
            />
          </Grid>
        </Grid>
      </DialogFrame>
      <Confirm
        isOpen={deleting}
        title="kpi_bonus.kpi_form.delete"
        content="kpi_bonus.kpi_form.delete_confirm"
        translateOptions={{ name: kpi?.name ?? '' }}
        onClose={() => setDeleting(false)}
        onConfirm={() => void remove()}
      />
    </>
  );
};
