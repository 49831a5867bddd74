import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Skeleton,
  Stack,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import type { components } from '../../../../openapi/schema';
import { apiData, client } from '../../providers/apiClient';
import { errorMessage } from '../../providers/httpClient';
import { resourceSchema } from '../../schema/schema';

type Package = components['schemas']['PackageResponseDto'];
type PackageDetail = components['schemas']['PackageDetailDto'];
type PackageFeatureLink = components['schemas']['PackageFeatureLinkDto'];

/** The modules in the document's order, for grouping the features. */
const FEATURE_MODULES = (resourceSchema('packages/features').record?.properties.module?.enum ?? []).map(String);

/** The module key a feature grants (mirrors the server's PlanService.grantedKey). */
const MODULE_KEYS = ['employees', 'departments', 'positions', 'attendance', 'leave', 'payroll', 'reports', 'settings', 'monitoring', 'kpi'];
const grantedKey = (code: string) => (MODULE_KEYS.includes(code) ? code : null);

/** Include or exclude each feature of the catalogue in a package (spec 2.14). */
export const ManageFeaturesDialog = ({
  pkg,
  onClose,
  onSaved,
}: {
  pkg: Package | null;
  onClose: () => void;
  onSaved: (detail: PackageDetail) => void;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [features, setFeatures] = useState<PackageFeatureLink[] | null>(null);
  const [included, setIncluded] = useState<Record<number, boolean>>({});
  const [loadError, setLoadError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!pkg) return;
    let cancelled = false;
    setFeatures(null);
    setLoadError(null);
    apiData<PackageDetail>(client.GET('/api/packages/packages/{id}', { params: { path: { id: pkg.id } } })).then(
      (json) => {
        if (cancelled) return;
        setFeatures(json.features);
        setIncluded(Object.fromEntries(json.features.map((f) => [f.feature_id, f.is_included])));
      },
      (error: unknown) => {
        if (!cancelled) setLoadError(errorMessage(error, translate('packages.errors.fetch_details')));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [pkg, translate]);

  const groups = useMemo(() => {
    const order = FEATURE_MODULES;
    const byModule = new Map<string, PackageFeatureLink[]>();
    for (const f of features ?? []) byModule.set(f.module, [...(byModule.get(f.module) ?? []), f]);
    return [...byModule.entries()].sort(([a], [b]) => order.indexOf(a) - order.indexOf(b));
  }, [features]);

  const save = async () => {
    if (!pkg || !features) return;
    setSaving(true);
    try {
      const json = await apiData<PackageDetail>(
        client.PUT('/api/packages/packages/{id}/features', {
          params: { path: { id: pkg.id } },
          body: { features: features.map((f) => ({ feature_id: f.feature_id, is_included: !!included[f.feature_id] })) },
        }),
      );
      notify('packages.toast.features_updated', { type: 'success' });
      onSaved(json);
    } catch (error) {
      notify(errorMessage(error, translate('packages.errors.update_features')), { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={!!pkg} onClose={saving ? undefined : onClose} fullWidth maxWidth="sm" fullScreen={fullScreen}>
      <DialogTitle>{translate('packages.features_title', { package: pkg?.package_name ?? '' })}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('packages.features_hint')}
        </Typography>
        {loadError ? (
          <Alert severity="error">{loadError}</Alert>
        ) : !features ? (
          <Stack spacing={1}>
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} height={36} />
            ))}
          </Stack>
        ) : (
          groups.map(([module, list]) => (
            <Box key={module} sx={{ mb: 2 }} role="group" aria-label={translate(`packages.modules.${module}`, { _: module })}>
              <Typography variant="overline" color="text.secondary">
                {translate(`packages.modules.${module}`, { _: module })}
              </Typography>
              {list.map((f) => {
                const grants = grantedKey(f.feature_code);
                return (
                  <Box key={f.feature_id} sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                    <FormControlLabel
                      sx={{ mr: 0 }}
                      control={
                        <Checkbox
                          checked={!!included[f.feature_id]}
                          onChange={(e) => setIncluded((cur) => ({ ...cur, [f.feature_id]: e.target.checked }))}
                          disabled={saving}
                        />
                      }
                      label={f.feature_name}
                    />
                    <Typography variant="caption" color="text.secondary">
                      {f.feature_code}
                    </Typography>
                    {grants && <Chip size="small" variant="outlined" label={translate('packages.grants', { module: grants })} />}
                    {!f.is_active && <Chip size="small" label={translate('packages.inactive_feature')} />}
                  </Box>
                );
              })}
            </Box>
          ))
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose} disabled={saving}>
          {translate('ra.action.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={save}
          disabled={saving || !features}
          startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {translate('packages.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
