import { useCallback, useEffect, useState } from 'react';
import {
  Box,
  Button,
  FormControlLabel,
  FormHelperText,
  Grid,
  IconButton,
  InputAdornment,
  MenuItem,
  Skeleton,
  Stack,
  Switch,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutline';
import { useNotify, useTranslate } from 'react-admin';
import { LoadError } from '../../layout/LoadError';
import type { components } from '../../../../openapi/schema';
import { apiData, client } from '../../providers/apiClient';
import { errorMessage, fieldErrors } from '../../providers/httpClient';
import { newIdempotencyKey } from './idempotency';
import { DialogFrame } from './DialogFrame';

type Kpi = components['schemas']['KpiResponseDto'];
type BonusRule = components['schemas']['BonusRuleResponseDto'];
type NewRule = components['schemas']['CreateBonusRuleDto'];
type Tier = components['schemas']['BonusTierDto'];
/** The rule as the form edits it: texts where the body allows null. */
type Form = Required<Pick<NewRule, 'name' | 'tiers' | 'is_active'>> & { description: string; max_bonus_amount: string };

const BONUS_TYPES: ReadonlyArray<Tier['bonus_type']> = ['fixed', 'salary_percentage'];
const MAX_TIERS = 10;

const FIELDS = ['name', 'description', 'tiers', 'max_bonus_amount', 'is_active'];
const TIER_FIELD = /^tiers\.(\d+)\.(min_achievement|bonus_type|bonus_value)$/;
const shown = (field: string) => FIELDS.includes(field) || TIER_FIELD.test(field);

/** The server's field errors under the fields the form has; any other message (or the fallback) above them. */
const serverErrors = (error: unknown, fallback: string) => {
  const errors: Record<string, string> = {};
  let alert: string | null = null;
  for (const { field, message } of fieldErrors(error)) {
    if (shown(field)) errors[field] ??= message;
    else alert ??= message;
  }
  if (!Object.keys(errors).length && !alert) alert = errorMessage(error, fallback);
  return { errors, alert };
};

const fromRule = (rule: BonusRule): Form => ({
  name: rule.name,
  description: rule.description ?? '',
  tiers: rule.tiers.map((t) => ({ min_achievement: t.min_achievement, bonus_type: t.bonus_type, bonus_value: t.bonus_value })),
  max_bonus_amount: rule.max_bonus_amount ?? '',
  is_active: rule.is_active,
});

const blank = (name: string): Form => ({
  name,
  description: '',
  tiers: [{ min_achievement: '100', bonus_type: 'fixed', bonus_value: '' }],
  max_bonus_amount: '',
  is_active: true,
});

/**
 * Bonus Rule of a KPI: tiers from a minimum achievement to a fixed amount or a percent of the
 * monthly salary (the highest tier reached applies), and an optional cap per payment. Opens the
 * KPI's active rule when it has one.
 */
export const BonusRuleDialog = ({ kpi, onClose, onSaved }: { kpi: Kpi; onClose: () => void; onSaved: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [rule, setRule] = useState<BonusRule | null>(null);
  const [form, setForm] = useState<Form | null>(() =>
    kpi.bonus_rule_id ? null : blank(translate('kpi_bonus.rule_form.default_name', { kpi: kpi.name })),
  );
  const [loadFailed, setLoadFailed] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [key] = useState(newIdempotencyKey);

  const load = useCallback(async () => {
    if (!kpi.bonus_rule_id) return;
    setLoadFailed(null);
    try {
      const found = await apiData<BonusRule>(client.GET('/api/kpi/bonus-rules/{id}', { params: { path: { id: kpi.bonus_rule_id } } }));
      setRule(found);
      setForm(fromRule(found));
    } catch (error) {
      console.error('Failed to load the bonus rule', error);
      setLoadFailed(errorMessage(error, translate('kpi_bonus.messages.rule_load_failed')));
    }
  }, [kpi.bonus_rule_id, translate]);

  useEffect(() => {
    void load();
  }, [load]);

  const set = <K extends keyof Form>(name: K, value: Form[K]) => {
    setForm((f) => (f ? { ...f, [name]: value } : f));
    setErrors((e) => ({ ...e, [name]: '' }));
  };
  const setTier = (index: number, name: keyof Tier, value: string) => {
    setForm((f) => (f ? { ...f, tiers: f.tiers.map((t, i) => (i === index ? { ...t, [name]: value } : t)) } : f));
    setErrors((e) => ({ ...e, [`tiers.${index}.${name}`]: '', tiers: '' }));
  };
  const addTier = () =>
    setForm((f) => {
      if (!f || f.tiers.length >= MAX_TIERS) return f;
      const highest = Math.max(0, ...f.tiers.map((t) => Number(t.min_achievement) || 0));
      return { ...f, tiers: [...f.tiers, { min_achievement: String(highest + 10), bonus_type: 'fixed', bonus_value: '' }] };
    });
  const removeTier = (index: number) => {
    setForm((f) => (f && f.tiers.length > 1 ? { ...f, tiers: f.tiers.filter((_, i) => i !== index) } : f));
    // the errors of the tiers after it would point at the wrong rows now
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !k.startsWith('tiers.'))));
  };

  const submit = async () => {
    if (!form) return;
    const required = translate('kpi_bonus.rule_form.required');
    const missing: Record<string, string> = {};
    if (!form.name.trim()) missing.name = required;
    form.tiers.forEach((t, i) => {
      if (!t.min_achievement.trim()) missing[`tiers.${i}.min_achievement`] = required;
      if (!t.bonus_value.trim()) missing[`tiers.${i}.bonus_value`] = required;
    });
    if (Object.keys(missing).length) {
      setErrors(missing);
      return;
    }
    setBusy(true);
    setAlert(null);
    const body = {
      name: form.name.trim(),
      description: form.description.trim() || null,
      tiers: form.tiers.map((t) => ({ ...t, min_achievement: t.min_achievement.trim(), bonus_value: t.bonus_value.trim() })),
      max_bonus_amount: form.max_bonus_amount.trim() || null,
      is_active: form.is_active,
    };
    try {
      if (rule) await client.PUT('/api/kpi/bonus-rules/{id}', { params: { path: { id: rule.id } }, body });
      else await client.POST('/api/kpi/bonus-rules', { body: { ...body, kpi_id: kpi.id }, headers: { 'Idempotency-Key': key } });
      notify('kpi_bonus.messages.rule_saved', { type: 'success' });
      onSaved();
    } catch (error) {
      const fallback = translate('kpi_bonus.messages.rule_save_failed');
      const found = serverErrors(error, fallback);
      setErrors(found.errors);
      setAlert(found.alert);
      notify(found.alert ?? Object.values(found.errors)[0] ?? fallback, { type: 'error' });
      setBusy(false);
    }
  };

  const tierRow = (tier: Tier, index: number, count: number) => {
    const error = (name: keyof Tier) => errors[`tiers.${index}.${name}`];
    const percentOfSalary = tier.bonus_type === 'salary_percentage';
    return (
      <Box key={index} data-testid="bonus-tier" sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1.2fr 1fr auto' }, alignItems: 'start' }}>
        <TextField
          size="small"
          type="number"
          required
          label={translate('kpi_bonus.rule_form.min_achievement')}
          value={tier.min_achievement}
          onChange={(e) => setTier(index, 'min_achievement', e.target.value)}
          error={!!error('min_achievement')}
          helperText={error('min_achievement')}
          disabled={busy}
          slotProps={{ htmlInput: { min: 0, max: 1000, step: '0.01' }, input: { endAdornment: <InputAdornment position="end">%</InputAdornment> } }}
        />
        <TextField
          select
          size="small"
          label={translate('kpi_bonus.rule_form.bonus_type')}
          value={tier.bonus_type}
          onChange={(e) => setTier(index, 'bonus_type', e.target.value)}
          error={!!error('bonus_type')}
          helperText={error('bonus_type')}
          disabled={busy}
        >
          {BONUS_TYPES.map((t) => (
            <MenuItem key={t} value={t}>
              {translate(`kpi_bonus.bonus_type.${t}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          type="number"
          required
          label={translate(percentOfSalary ? 'kpi_bonus.rule_form.bonus_value_percentage' : 'kpi_bonus.rule_form.bonus_value_fixed')}
          value={tier.bonus_value}
          onChange={(e) => setTier(index, 'bonus_value', e.target.value)}
          error={!!error('bonus_value')}
          helperText={error('bonus_value')}
          disabled={busy}
          slotProps={{
            htmlInput: { min: 0, step: '0.01' },
            input: percentOfSalary
              ? { endAdornment: <InputAdornment position="end">%</InputAdornment> }
              : { startAdornment: <InputAdornment position="start">$</InputAdornment> },
          }}
        />
        <Tooltip title={translate('kpi_bonus.rule_form.remove_tier')}>
          <span>
            <IconButton aria-label={translate('kpi_bonus.rule_form.remove_tier')} onClick={() => removeTier(index)} disabled={busy || count === 1}>
              <RemoveCircleOutlineIcon />
            </IconButton>
          </span>
        </Tooltip>
      </Box>
    );
  };

  return (
    <DialogFrame
      title={translate('kpi_bonus.rule_form.new_title')}
      alert={alert}
      busy={busy}
      disabled={!form}
      submitLabel={translate(busy ? 'kpi_bonus.saving' : 'kpi_bonus.save')}
      maxWidth="md"
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('kpi_bonus.rule_form.for_kpi', { name: `${kpi.name} (${kpi.code})` })}
      </Typography>
      {loadFailed && <LoadError onRetry={load}>{loadFailed}</LoadError>}
      {!form && !loadFailed && <Skeleton variant="rounded" height={220} aria-label={translate('kpi_bonus.rule_form.loading')} />}
      {form && (
        <Stack spacing={2}>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 8 }}>
              <TextField
                fullWidth
                required
                label={translate('kpi_bonus.rule_form.name')}
                value={form.name}
                onChange={(e) => set('name', e.target.value)}
                error={!!errors.name}
                helperText={errors.name}
                disabled={busy}
                slotProps={{ htmlInput: { maxLength: 150 } }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }} sx={{ display: 'flex', alignItems: 'center' }}>
              <FormControlLabel
                control={<Switch checked={form.is_active} onChange={(e) => set('is_active', e.target.checked)} disabled={busy} />}
                label={translate('kpi_bonus.rule_form.is_active')}
              />
            </Grid>
            <Grid size={12}>
              <TextField
                fullWidth
                multiline
                minRows={2}
                label={translate('kpi_bonus.rule_form.description')}
                value={form.description}
                onChange={(e) => set('description', e.target.value)}
                error={!!errors.description}
                helperText={errors.description}
                disabled={busy}
                slotProps={{ htmlInput: { maxLength: 2000 } }}
              />
            </Grid>
          </Grid>
          <Box>
            <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
              {translate('kpi_bonus.rule_form.tiers')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
              {translate('kpi_bonus.rule_form.tiers_hint')}
            </Typography>
            <Stack spacing={1.5}>{form.tiers.map((t, i) => tierRow(t, i, form.tiers.length))}</Stack>
            {errors.tiers && <FormHelperText error>{errors.tiers}</FormHelperText>}
            <Button
              startIcon={<AddIcon />}
              onClick={addTier}
              disabled={busy || form.tiers.length >= MAX_TIERS}
              sx={{ mt: 1 }}
            >
              {translate('kpi_bonus.rule_form.add_tier')}
            </Button>
            {form.tiers.length >= MAX_TIERS && (
              <FormHelperText>{translate('kpi_bonus.rule_form.max_tiers', { max: MAX_TIERS })}</FormHelperText>
            )}
          </Box>
          <TextField
            type="number"
            label={translate('kpi_bonus.rule_form.max_bonus_amount')}
            value={form.max_bonus_amount}
            onChange={(e) => set('max_bonus_amount', e.target.value)}
            error={!!errors.max_bonus_amount}
            helperText={errors.max_bonus_amount || translate('kpi_bonus.rule_form.max_hint')}
            disabled={busy}
            sx={{ maxWidth: 320 }}
            slotProps={{ htmlInput: { min: 0, step: '0.01' }, input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } }}
          />
        </Stack>
      )}
    </DialogFrame>
  );
};
