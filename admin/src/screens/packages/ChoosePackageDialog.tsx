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
  Typography,
} from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import type { components } from '../../../../openapi/schema';
import { apiAnswer, apiData, client } from '../../providers/apiClient';
import { errorMessage } from '../../providers/httpClient';
import { dollars } from './price';

type PublicPackage = components['schemas']['PublicPackageDto'];
type Subscription = components['schemas']['SubscriptionResponseDto'];

/**
 * A company_admin picks the package the company continues with (POST /api/packages/subscription).
 * A paid package is a request the platform confirms: the dialog says it was sent, and what is pending.
 */
export default function ChoosePackageDialog({
  open,
  currentPackageId,
  pendingPackageName,
  onClose,
  onChosen,
}: {
  open: boolean;
  currentPackageId?: number;
  /** the package of a request waiting for the platform, if any */
  pendingPackageName?: string | null;
  onClose: () => void;
  onChosen: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [packages, setPackages] = useState<PublicPackage[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string>('');
  const [cycle, setCycle] = useState<'monthly' | 'annual'>('monthly');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    setLoadError(null);
    apiData<PublicPackage[]>(client.GET('/api/packages/packages/public')).then(
      (json) => {
        if (cancelled) return;
        setPackages(json);
        setChosen(String(currentPackageId ?? json[0]?.id ?? ''));
      },
      (error: unknown) => !cancelled && setLoadError(errorMessage(error, translate('packages.choose.load_failed'))),
    );
    return () => {
      cancelled = true;
    };
  }, [open, currentPackageId, translate]);

  const submit = async () => {
    if (!chosen) return;
    setSaving(true);
    try {
      const { data: json, message } = await apiAnswer<Subscription>(
        client.POST('/api/packages/subscription', { body: { package_id: Number(chosen), billing_cycle: cycle } }),
      );
      // a paid package waits for the platform's confirmation; a free one applies at once
      if (json?.pending_request) {
        notify(message ?? translate('packages.choose.requested', { package: json.pending_request.package_name }), { type: 'info' });
      } else {
        notify(message ?? translate('packages.choose.success'), { type: 'success' });
      }
      onChosen();
    } catch (error) {
      notify(errorMessage(error, translate('packages.choose.failed')), { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} onClose={saving ? undefined : onClose} fullWidth maxWidth="sm">
      <DialogTitle>{translate('packages.choose.title')}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('packages.choose.intro')}
        </Typography>
        {pendingPackageName && (
          <Alert severity="info" sx={{ mb: 2 }} data-testid="plan-request-pending">
            {translate('packages.choose.pending', { package: pendingPackageName })}
          </Alert>
        )}
        <RadioGroup
          row
          value={cycle}
          onChange={(e) => setCycle(e.target.value as 'monthly' | 'annual')}
          aria-label={translate('packages.choose.cycle')}
          sx={{ mb: 1 }}
        >
          <FormControlLabel value="monthly" disabled={saving} control={<Radio />} label={translate('packages.choose.monthly')} />
          <FormControlLabel value="annual" disabled={saving} control={<Radio />} label={translate('packages.choose.annual')} />
        </RadioGroup>
        {loadError ? (
          <Alert severity="error">{loadError}</Alert>
        ) : !packages ? (
          <Stack spacing={1}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={48} />
            ))}
          </Stack>
        ) : (
          <RadioGroup value={chosen} onChange={(e) => setChosen(e.target.value)} aria-label={translate('packages.choose.title')}>
            {packages.map((p) => (
              <FormControlLabel
                key={p.id}
                value={String(p.id)}
                disabled={saving}
                control={<Radio />}
                sx={{ alignItems: 'flex-start', mb: 1 }}
                label={
                  <Box sx={{ pt: 1 }}>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <Typography sx={{ fontWeight: 600 }}>{p.package_name}</Typography>
                      <Typography color="text.secondary">
                        {cycle === 'annual' ? dollars(p.annual_price) : dollars(p.monthly_price)}
                        {translate(cycle === 'annual' ? 'packages.choose.per_year' : 'packages.per_month')}
                      </Typography>
                      {p.id === currentPackageId && <Chip size="small" label={translate('packages.choose.current')} />}
                      {p.is_popular && <Chip size="small" color="primary" label={translate('packages.popular')} />}
                    </Stack>
                    {p.description && (
                      <Typography variant="body2" color="text.secondary">
                        {p.description}
                      </Typography>
                    )}
                  </Box>
                }
              />
            ))}
          </RadioGroup>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose} disabled={saving}>
          {translate('ra.action.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={saving || !chosen || !packages}
          startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {translate('packages.choose.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
