import '../screen.messages.en';
import { useCallback, useEffect, useState } from 'react';
import { Box, Button, Checkbox, CircularProgress, FormControlLabel, FormGroup, Typography } from '@mui/material';
import SaveIcon from '@mui/icons-material/Save';
import { useNotify, useTranslate } from 'react-admin';
import type { components } from '../../../../../openapi/schema';
import { apiData, client } from '../../../providers/apiClient';
import { errorMessage } from '../../../providers/httpClient';
import { TabCard } from './TabCard';
import { LoadError } from '../../../layout/LoadError';

type Preferences = components['schemas']['NotificationPreferencesDto'];

const KEYS = ['email', 'leave_requests', 'payroll_updates'] as const;

/** Settings → Notifications: the signed-in user's preferences, saved with Save Preferences. */
export default function NotificationsTab() {
  const translate = useTranslate();
  const notify = useNotify();
  const [prefs, setPrefs] = useState<Preferences | null>(null);
  const [error, setError] = useState(false);
  const [saving, setSaving] = useState(false);

  const load = useCallback(async () => {
    setError(false);
    try {
      setPrefs(await apiData(client.GET('/api/settings/notifications')));
    } catch {
      setError(true);
      notify('settings.fetch_failed', { type: 'error' });
    }
  }, [notify]);

  useEffect(() => {
    void load();
  }, [load]);

  const save = async () => {
    if (!prefs) return;
    setSaving(true);
    try {
      setPrefs(await apiData(client.PUT('/api/settings/notifications', { body: prefs })));
      notify('settings.notifications.saved', { type: 'success' });
    } catch (e) {
      notify(errorMessage(e, translate('settings.save_failed')), { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <TabCard title={translate('settings.notifications.title')}>
      {error ? (
        <LoadError onRetry={load}>
          {translate('settings.fetch_failed')}
        </LoadError>
      ) : !prefs ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
          <CircularProgress size={28} />
        </Box>
      ) : (
        <>
          <FormGroup sx={{ mb: 2 }}>
            {KEYS.map((key) => (
              <FormControlLabel
                key={key}
                sx={{ alignItems: 'flex-start', mb: 1 }}
                control={
                  <Checkbox
                    checked={prefs[key]}
                    disabled={key !== 'email' && !prefs.email}
                    onChange={(e) => setPrefs({ ...prefs, [key]: e.target.checked })}
                  />
                }
                label={
                  <Box sx={{ pt: 1.1 }}>
                    <Typography variant="body1">{translate(`settings.notifications.${key}`)}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {translate(`settings.notifications.help.${key}`)}
                    </Typography>
                  </Box>
                }
              />
            ))}
          </FormGroup>
          <Button
            variant="contained"
            startIcon={saving ? <CircularProgress size={16} color="inherit" /> : <SaveIcon />}
            onClick={save}
            disabled={saving}
          >
            {translate('settings.notifications.save')}
          </Button>
        </>
      )}
    </TabCard>
  );
}
