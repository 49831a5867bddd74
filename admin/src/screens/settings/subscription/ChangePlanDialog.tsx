import { formatMoney } from '../../../schema/format';
import './messages.en';
import { useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
  Skeleton,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { apiAnswer, apiData, client } from '../../../providers/apiClient';
import { errorMessage } from '../../../providers/httpClient';
import { isUnlimited, useBillingRefresh, type BillingCycle, type Preview, type PublicPackage } from './billing';
import { PreviewView } from './PreviewView';

type PreviewState = { status: 'idle' } | { status: 'loading' } | { status: 'ready'; preview: Preview } | { status: 'refused'; message: string };

/**
 * Change plan: the company admin picks a package and a cycle; each choice is previewed by the
 * server (when it applies, the invoice lines with any proration, tax and total, and what happens
 * in words) and confirming chooses it. A refusal (already on it, over the package's limits) is the
 * server's sentence in the dialog, and nothing changes.
 */
export default function ChangePlanDialog({
  currentPackageId,
  currentCycle,
  currency,
  onClose,
}: {
  currentPackageId?: number;
  currentCycle?: BillingCycle;
  /** the currency the company is invoiced in */
  currency?: string;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useBillingRefresh();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [packages, setPackages] = useState<PublicPackage[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [packageId, setPackageId] = useState<number | null>(null);
  const [cycle, setCycle] = useState<BillingCycle>(currentCycle ?? 'monthly');
  const [preview, setPreview] = useState<PreviewState>({ status: 'idle' });
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    apiData(client.GET('/api/packages/packages/public')).then(
      (list) => !cancelled && setPackages(list ?? []),
      (error: unknown) => !cancelled && setLoadError(errorMessage(error, translate('subscription.dialog.load_failed'))),
    );
    return () => {
      cancelled = true;
    };
  }, [translate]);

  // every choice is previewed; a later choice wins over an answer still on its way
  useEffect(() => {
    setSaveError(null);
    if (packageId === null) {
      setPreview({ status: 'idle' });
      return;
    }
    let cancelled = false;
    setPreview({ status: 'loading' });
    apiData(client.POST('/api/packages/subscription/preview', { body: { package_id: packageId, billing_cycle: cycle } })).then(
      (answer) => !cancelled && setPreview({ status: 'ready', preview: answer }),
      (error: unknown) =>
        !cancelled && setPreview({ status: 'refused', message: errorMessage(error, translate('subscription.dialog.preview_failed')) }),
    );
    return () => {
      cancelled = true;
    };
  }, [packageId, cycle, translate]);

  const confirm = async () => {
    if (packageId === null) return;
    setSaving(true);
    setSaveError(null);
    try {
      const { message } = await apiAnswer(
        client.POST('/api/packages/subscription', { body: { package_id: packageId, billing_cycle: cycle } }),
      );
      notify(message ?? translate('subscription.dialog.done'), { type: 'success' });
      await refresh(true);
      onClose();
    } catch (error) {
      setSaveError(errorMessage(error, translate('subscription.dialog.failed')));
    } finally {
      setSaving(false);
    }
  };

  const price = (p: PublicPackage) => `${formatMoney(cycle === 'annual' ? p.annual_price : p.monthly_price, currency)}${translate(`subscription.per.${cycle}`)}`;
  const limits = (p: PublicPackage) =>
    [
      isUnlimited(p.max_employees)
        ? translate('subscription.dialog.unlimited_employees')
        : translate('subscription.dialog.employees', { count: p.max_employees }),
      isUnlimited(p.max_admins) ? translate('subscription.dialog.unlimited_admins') : translate('subscription.dialog.admins', { count: p.max_admins }),
    ].join(', ');

  return (
    <Dialog open onClose={saving ? undefined : onClose} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby="change-plan-title">
      <DialogTitle id="change-plan-title">{translate('subscription.dialog.title')}</DialogTitle>
      <DialogContent dividers>
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          value={cycle}
          onChange={(_, next: BillingCycle | null) => next && setCycle(next)}
          aria-label={translate('subscription.dialog.cycle')}
          disabled={saving}
          sx={{ mb: 2 }}
        >
          <ToggleButton value="monthly">{translate('subscription.cycles.monthly')}</ToggleButton>
          <ToggleButton value="annual">{translate('subscription.cycles.annual')}</ToggleButton>
        </ToggleButtonGroup>

        {loadError ? (
          <Alert severity="error">{loadError}</Alert>
        ) : !packages ? (
          <Stack spacing={1}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} variant="rounded" height={72} />
            ))}
          </Stack>
        ) : (
          <RadioGroup
            value={packageId === null ? '' : String(packageId)}
            onChange={(e) => setPackageId(Number(e.target.value))}
            aria-label={translate('subscription.dialog.packages')}
            sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(220px, 1fr))' } }}
          >
            {packages.map((p) => {
              const selected = p.id === packageId;
              return (
                <FormControlLabel
                  key={p.id}
                  value={String(p.id)}
                  disabled={saving}
                  control={<Radio size="small" />}
                  data-testid="plan-card"
                  sx={{
                    m: 0,
                    p: 1.5,
                    pl: 0.5,
                    alignItems: 'flex-start',
                    border: 1,
                    borderRadius: 1,
                    borderColor: selected ? 'primary.main' : 'divider',
                    bgcolor: selected ? 'action.selected' : undefined,
                  }}
                  label={
                    <Box sx={{ pt: 0.75 }}>
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
                        <Typography sx={{ fontWeight: 600 }}>{p.package_name}</Typography>
                        {p.id === currentPackageId && <Chip size="small" label={translate('subscription.dialog.current')} />}
                        {p.is_popular && <Chip size="small" color="primary" label={translate('subscription.dialog.popular')} />}
                      </Stack>
                      <Typography variant="h6" component="p">
                        {price(p)}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        {limits(p)}
                      </Typography>
                    </Box>
                  }
                />
              );
            })}
          </RadioGroup>
        )}

        <Box sx={{ mt: 2 }} aria-live="polite" data-testid="plan-preview">
          {preview.status === 'idle' && packages && (
            <Typography variant="body2" color="text.secondary">
              {translate('subscription.dialog.pick')}
            </Typography>
          )}
          {preview.status === 'loading' && (
            <Stack spacing={1}>
              <Skeleton variant="text" width="60%" />
              <Skeleton variant="rounded" height={96} />
            </Stack>
          )}
          {preview.status === 'refused' && <Alert severity="warning">{preview.message}</Alert>}
          {preview.status === 'ready' && <PreviewView preview={preview.preview} />}
          {saveError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {saveError}
            </Alert>
          )}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose} disabled={saving}>
          {translate('ra.action.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={confirm}
          disabled={saving || preview.status !== 'ready'}
          startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {translate('subscription.dialog.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
