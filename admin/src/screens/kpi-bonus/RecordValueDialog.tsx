import { useState } from 'react';
import { InputAdornment, Stack, TextField, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { kpiApi, newIdempotencyKey, type Target } from './api';
import { DialogFrame } from './DialogFrame';
import { decimal, formatDate } from './format';
import { inList, serverErrors } from './serverErrors';

const FIELDS = ['actual_value', 'notes'] as const;

/**
 * Record actual value: the measured result of a manual KPI for the target's subject and period.
 * A value already recorded for them is corrected in place.
 */
export const RecordValueDialog = ({
  target,
  unit,
  onClose,
  onSaved,
}: {
  target: Target;
  unit: string | null;
  onClose: () => void;
  onSaved: () => void;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [actual, setActual] = useState(target.actual_value ?? '');
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [key] = useState(newIdempotencyKey);

  const submit = async () => {
    if (!actual.trim()) {
      setErrors({ actual_value: translate('kpi_bonus.value_form.required') });
      return;
    }
    setBusy(true);
    setAlert(null);
    try {
      // a correction keeps the notes already stored unless new ones are written
      const value = { actual_value: actual.trim(), ...(notes.trim() ? { notes: notes.trim() } : {}) };
      if (target.value_id) await kpiApi.updateValue(target.value_id, value);
      else
        await kpiApi.createValue(
          {
            ...value,
            kpi_id: target.kpi_id,
            entity_type: target.target_type,
            entity_id: target.target_id,
            period_start_date: target.period_start_date,
            period_end_date: target.period_end_date,
          },
          key,
        );
      notify('kpi_bonus.messages.value_saved', { type: 'success' });
      onSaved();
    } catch (error) {
      const fallback = translate('kpi_bonus.messages.value_save_failed');
      const found = serverErrors(error, inList(FIELDS), fallback);
      setErrors(found.errors);
      setAlert(found.alert);
      notify(found.alert ?? Object.values(found.errors)[0] ?? fallback, { type: 'error' });
      setBusy(false);
    }
  };

  return (
    <DialogFrame
      title={translate('kpi_bonus.value_form.title')}
      alert={alert}
      busy={busy}
      submitLabel={translate(busy ? 'kpi_bonus.saving' : 'kpi_bonus.save')}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Stack spacing={2}>
        <div>
          <Typography sx={{ fontWeight: 600 }}>
            {translate('kpi_bonus.value_form.for', {
              kpi: target.kpi_name,
              subject: target.target_name ?? `${translate(`kpi_bonus.target_type.${target.target_type}`)} #${target.target_id}`,
            })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('kpi_bonus.value_form.period', {
              start: formatDate(target.period_start_date),
              end: formatDate(target.period_end_date),
            })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('kpi_bonus.value_form.target', { value: decimal(target.target_value) })}
          </Typography>
        </div>
        <TextField
          autoFocus
          required
          type="number"
          label={translate('kpi_bonus.value_form.actual_value')}
          value={actual}
          onChange={(e) => {
            setActual(e.target.value);
            setErrors((x) => ({ ...x, actual_value: '' }));
          }}
          error={!!errors.actual_value}
          helperText={errors.actual_value || translate('kpi_bonus.value_form.actual_hint')}
          disabled={busy}
          slotProps={{
            htmlInput: { step: '0.01' },
            input: unit ? { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> } : undefined,
          }}
        />
        <TextField
          multiline
          minRows={2}
          label={translate('kpi_bonus.value_form.notes')}
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
          error={!!errors.notes}
          helperText={errors.notes}
          disabled={busy}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
      </Stack>
    </DialogFrame>
  );
};
