import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { useSession } from '../../auth/useSession';
import { errorMessage, fieldErrors } from '../../providers/httpClient';
import type { ReportInfo } from './report';
import { saveSubscription, splitRecipients, useRecipientChoices, type Subscription, type SubscriptionInput } from './subscriptions';
import { usePickers } from './useReport';

const SCOPES = ['department_id', 'position_id', 'location_id'] as const;

interface Props {
  reports: ReportInfo[];
  /** the scheduled report to change; null for a new one */
  subscription: Subscription | null;
  onClose: () => void;
  onSaved: () => void;
}

type ReportId = SubscriptionInput['report_id'];

const blank = (reports: ReportInfo[], email: string | undefined): SubscriptionInput => ({
  report_id: (reports[0]?.id ?? '') as ReportId,
  frequency: 'monthly',
  format: 'pdf',
  recipients: email ? [email] : [],
  is_active: true,
});

/** Add or change a scheduled report: which report, how often, which file, to whom, for which part of the company. */
export function ScheduledReportDialog({ reports, subscription, onClose, onSaved }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const session = useSession();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [value, setValue] = useState<SubscriptionInput>(() => (subscription ? { ...subscription } : blank(reports, session.user?.email)));
  const [recipients, setRecipients] = useState(() => value.recipients.join(', '));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const report = reports.find((r) => r.id === value.report_id);
  const scopes = SCOPES.filter((key) => report?.filters.includes(key));
  const pickers = usePickers({ department: scopes.includes('department_id'), position: scopes.includes('position_id'), location: scopes.includes('location_id') });
  const { data: emails } = useRecipientChoices(true);
  const t = (key: string, options?: object) => translate(`reports.scheduled.${key}`, options);
  const set = (patch: Partial<SubscriptionInput>) => setValue((v) => ({ ...v, ...patch }));

  const save = async () => {
    setSaving(true);
    setErrors({});
    // what the report does not take is cleared, so a changed report keeps no filter of the one before
    const options = report?.group_by_options ?? [];
    const body: SubscriptionInput = {
      report_id: value.report_id,
      frequency: value.frequency,
      format: value.format,
      recipients: splitRecipients(recipients),
      is_active: value.is_active,
      group_by: options.length ? (value.group_by ?? options[0].id) : null,
    };
    for (const key of SCOPES) body[key] = scopes.includes(key) && value[key] ? Number(value[key]) : null;
    try {
      const message = await saveSubscription(subscription?.id ?? null, body);
      notify(message || t(subscription ? 'updated' : 'created'), { type: 'success' });
      onSaved();
    } catch (error) {
      setErrors(Object.fromEntries(fieldErrors(error).map((e) => [e.field.replace(/\.\d+$/, ''), e.message])));
      notify(errorMessage(error, t('save_failed')), { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  const field = (key: string) => ({ error: !!errors[key], helperText: errors[key], fullWidth: true, size: 'small' as const });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={phone} aria-labelledby="scheduled-report-title">
      <DialogTitle id="scheduled-report-title">{t(subscription ? 'edit_title' : 'add_title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField {...field('report_id')} select label={t('report')} value={value.report_id} onChange={(e) => set({ report_id: e.target.value as ReportId, group_by: null })}>
            {reports.map((r) => (
              <MenuItem key={r.id} value={r.id}>
                {r.title}
              </MenuItem>
            ))}
          </TextField>
          <Stack direction="row" spacing={2}>
            <TextField {...field('frequency')} select label={t('frequency')} value={value.frequency} onChange={(e) => set({ frequency: e.target.value as SubscriptionInput['frequency'] })}>
              <MenuItem value="weekly">{t('weekly')}</MenuItem>
              <MenuItem value="monthly">{t('monthly')}</MenuItem>
            </TextField>
            <TextField {...field('format')} select label={t('format')} value={value.format} onChange={(e) => set({ format: e.target.value as SubscriptionInput['format'] })}>
              {(['csv', 'xlsx', 'pdf'] as const).map((f) => (
                <MenuItem key={f} value={f}>
                  {f.toUpperCase()}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <TextField
            {...field('recipients')}
            label={t('recipients')}
            helperText={errors.recipients ?? t('recipients_hint')}
            value={recipients}
            onChange={(e) => setRecipients(e.target.value)}
            type="email"
            slotProps={{ htmlInput: { list: 'report-recipients', multiple: true } }}
          />
          <datalist id="report-recipients">
            {(emails ?? []).map((email) => (
              <option key={email} value={email} />
            ))}
          </datalist>
          {!!report?.group_by_options.length && (
            <TextField
              {...field('group_by')}
              select
              label={translate('reports.filters.group_by')}
              value={value.group_by ?? report.group_by_options[0].id}
              onChange={(e) => set({ group_by: e.target.value })}
            >
              {report.group_by_options.map((o) => (
                <MenuItem key={o.id} value={o.id}>
                  {o.name}
                </MenuItem>
              ))}
            </TextField>
          )}
          {scopes.map((key) =>
            pickers[key] ? (
              <TextField
                {...field(key)}
                key={key}
                select
                label={translate(`reports.filters.${key}`)}
                value={value[key] ? String(value[key]) : ''}
                onChange={(e) => set({ [key]: e.target.value || null })}
                slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              >
                <MenuItem value="">{translate(`reports.filters.all_${key}`)}</MenuItem>
                {pickers[key]!.map((c) => (
                  <MenuItem key={c.id} value={c.id}>
                    {c.name}
                  </MenuItem>
                ))}
              </TextField>
            ) : null,
          )}
          <FormControlLabel control={<Switch checked={value.is_active} onChange={(e) => set({ is_active: e.target.checked })} />} label={t('active')} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cancel')}</Button>
        <Button variant="contained" onClick={() => void save()} disabled={saving || !value.report_id || !splitRecipients(recipients).length}>
          {t('save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
