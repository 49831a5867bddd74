import { useCallback, useEffect, useState } from 'react';
import { Box, Card, CardContent, CircularProgress, FormControlLabel, Switch, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { errorMessage } from '../../providers/httpClient';
import { LoadError } from '../../layout/LoadError';
import { fetchLineManagers, saveLineManagers, type LineManagersPolicy } from './api';
import './scopes.messages.en';

/**
 * Settings → Permissions, beside the self-service card: the company's line-manager policy. On (the
 * default), every employee whom others report to works on the team's records without a matrix
 * right. Turning it off saves at once: the matrix still gives whatever a position needs.
 */
export const LineManagersCard = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const [policy, setPolicy] = useState<LineManagersPolicy | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [saving, setSaving] = useState(false);

  const load = useCallback(async () => {
    setLoadFailed(false);
    try {
      setPolicy(await fetchLineManagers());
    } catch {
      setLoadFailed(true);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const save = async (enabled: boolean) => {
    setSaving(true);
    try {
      const answer = await saveLineManagers(enabled);
      setPolicy(answer.data);
      notify(answer.message ?? translate(enabled ? 'line_managers.saved_on' : 'line_managers.saved_off'), { type: 'success' });
    } catch (e) {
      notify(errorMessage(e, translate('line_managers.save_failed')), { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  const moduleNames = (policy?.rights ?? []).map((r) => translate(`line_managers.modules.${r.module}`, { _: r.module }));

  return (
    <Card variant="outlined" data-testid="line-managers-card" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('line_managers.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {translate('line_managers.description')}
        </Typography>
        {loadFailed ? (
          <LoadError onRetry={load}>{translate('line_managers.load_failed')}</LoadError>
        ) : !policy ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 2 }}>
            <CircularProgress size={24} aria-label={translate('line_managers.loading')} />
          </Box>
        ) : (
          <>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <FormControlLabel
                control={<Switch checked={policy.enabled} disabled={saving} onChange={(e) => void save(e.target.checked)} />}
                label={translate('line_managers.toggle')}
              />
              {saving && <CircularProgress size={18} aria-label={translate('line_managers.saving')} />}
            </Box>
            <Typography variant="body2" role="status" sx={{ mt: 0.5 }}>
              {policy.enabled
                ? translate('line_managers.on', { modules: moduleNames.join(', ') || '—' })
                : translate('line_managers.off')}
            </Typography>
          </>
        )}
      </CardContent>
    </Card>
  );
};
