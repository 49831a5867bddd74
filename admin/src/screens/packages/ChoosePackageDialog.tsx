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
import { api, errorMessage } from '../../providers/httpClient';
import { dollars } from './api';

interface PublicPackage {
  id: number;
  package_name: string;
  description: string | null;
  monthly_price: string;
  max_employees: number;
  is_popular: boolean;
}

/** A company_admin picks the package the company continues with (POST /api/packages/subscription). */
export default function ChoosePackageDialog({
  open,
  currentPackageId,
  onClose,
  onChosen,
}: {
  open: boolean;
  currentPackageId?: number;
  onClose: () => void;
  onChosen: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [packages, setPackages] = useState<PublicPackage[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string>('');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    setLoadError(null);
    api.get<PublicPackage[]>('/packages/packages/public').then(
      ({ json }) => {
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
      await api.post('/packages/subscription', { package_id: Number(chosen) });
      notify('packages.choose.success', { type: 'success' });
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
                        {dollars(p.monthly_price)}
                        {translate('packages.per_month')}
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
