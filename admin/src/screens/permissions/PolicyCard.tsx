import { useCallback, useEffect, useState } from 'react';
import { Box, Card, CardContent, CircularProgress, FormControlLabel, Switch, Typography } from '@mui/material';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { errorMessage } from '../../providers/httpClient';
import { LoadError } from '../../layout/LoadError';

/** A company policy's state: on or off, and what it gives by module (of the plan). */
export interface Policy {
  enabled: boolean;
  rights: Array<{ module: string; actions: string[] }>;
}

export interface PolicyCardProps {
  /** the i18n group of the card's texts (title, description, toggle, on, off, …, confirm_off) */
  messages: string;
  testId: string;
  fetch: () => Promise<Policy>;
  save: (enabled: boolean) => Promise<{ data: Policy; message?: string }>;
}

/**
 * Settings → Permissions: one of the company's policies (self-service, line managers), on or off.
 * Turning it on saves at once; turning it off asks first, since the people it serves lose that
 * access on their next request.
 */
export const PolicyCard = ({ messages, testId, fetch, save: send }: PolicyCardProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const text = (key: string, options?: Record<string, unknown>) => translate(`${messages}.${key}`, options);
  const [policy, setPolicy] = useState<Policy | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [saving, setSaving] = useState(false);
  const [confirmingOff, setConfirmingOff] = useState(false);

  const load = useCallback(async () => {
    setLoadFailed(false);
    try {
      setPolicy(await fetch());
    } catch {
      setLoadFailed(true);
    }
  }, [fetch]);

  useEffect(() => {
    void load();
  }, [load]);

  const save = async (enabled: boolean) => {
    setConfirmingOff(false);
    setSaving(true);
    try {
      const answer = await send(enabled);
      setPolicy(answer.data);
      notify(answer.message ?? text(enabled ? 'saved_on' : 'saved_off'), { type: 'success' });
    } catch (e) {
      notify(errorMessage(e, text('save_failed')), { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  const moduleNames = (policy?.rights ?? []).map((r) => text(`modules.${r.module}`, { _: r.module }));

  return (
    <Card variant="outlined" data-testid={testId} sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {text('title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {text('description')}
        </Typography>
        {loadFailed ? (
          <LoadError onRetry={load}>{text('load_failed')}</LoadError>
        ) : !policy ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 2 }}>
            <CircularProgress size={24} aria-label={text('loading')} />
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
                label={text('toggle')}
              />
              {saving && <CircularProgress size={18} aria-label={text('saving')} />}
            </Box>
            <Typography variant="body2" role="status" sx={{ mt: 0.5 }}>
              {policy.enabled ? text('on', { modules: moduleNames.join(', ') || '—' }) : text('off')}
            </Typography>
          </>
        )}
      </CardContent>
      <Confirm
        isOpen={confirmingOff}
        title={text('confirm_off_title')}
        content={text('confirm_off')}
        confirm={text('turn_off')}
        cancel={text('cancel')}
        onConfirm={() => void save(false)}
        onClose={() => setConfirmingOff(false)}
      />
    </Card>
  );
};
