import { useCallback, useEffect, useState } from 'react';
import { Box, Card, CardContent, CircularProgress, FormControlLabel, Switch, Typography } from '@mui/material';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { errorMessage } from '../../providers/httpClient';
import { LoadError } from '../../layout/LoadError';
import { fetchSelfService, saveSelfService, type SelfServicePolicy } from './api';

/**
 * Settings → Permissions, above the matrix: the company's self-service policy. On (the default),
 * every active employee with a login works on their own attendance, leave and payslips without a
 * matrix right; turning it off asks first, since those employees lose that access at once.
 */
export const SelfServiceCard = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const [policy, setPolicy] = useState<SelfServicePolicy | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [saving, setSaving] = useState(false);
  const [confirmingOff, setConfirmingOff] = useState(false);

  const load = useCallback(async () => {
    setLoadFailed(false);
    try {
      setPolicy(await fetchSelfService());
    } catch {
      setLoadFailed(true);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const save = async (enabled: boolean) => {
    setConfirmingOff(false);
    setSaving(true);
    try {
      const answer = await saveSelfService(enabled);
      setPolicy(answer.data);
      notify(answer.message ?? translate(enabled ? 'self_service.saved_on' : 'self_service.saved_off'), { type: 'success' });
    } catch (e) {
      notify(errorMessage(e, translate('self_service.save_failed')), { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  const moduleNames = (policy?.rights ?? []).map((r) => translate(`self_service.modules.${r.module}`, { _: r.module }));

  return (
    <Card variant="outlined" data-testid="self-service-card" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('self_service.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {translate('self_service.description')}
        </Typography>
        {loadFailed ? (
          <LoadError onRetry={load}>{translate('self_service.load_failed')}</LoadError>
        ) : !policy ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 2 }}>
            <CircularProgress size={24} aria-label={translate('self_service.loading')} />
          </Box>
        ) : (
          <>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <FormControlLabel
                control={
                  <Switch
                    checked={policy.enabled}
                    disabled={saving}
                    onChange={(e) => (e.target.checked ? void save(true) : setConfirmingOff(true))}
                  />
                }
                label={translate('self_service.toggle')}
              />
              {saving && <CircularProgress size={18} aria-label={translate('self_service.saving')} />}
            </Box>
            <Typography variant="body2" role="status" sx={{ mt: 0.5 }}>
              {policy.enabled
                ? translate('self_service.on', { modules: moduleNames.join(', ') || '—' })
                : translate('self_service.off')}
            </Typography>
          </>
        )}
      </CardContent>
      <Confirm
        isOpen={confirmingOff}
        title={translate('self_service.confirm_off_title')}
        content={translate('self_service.confirm_off')}
        confirm={translate('self_service.turn_off')}
        cancel={translate('self_service.cancel')}
        onConfirm={() => void save(false)}
        onClose={() => setConfirmingOff(false)}
      />
    </Card>
  );
};
