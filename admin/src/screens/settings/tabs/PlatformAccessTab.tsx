import '../screen.messages.en';
import { useCallback, useEffect, useState } from 'react';
import {
  Box,
  Button,
  CircularProgress,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import SaveIcon from '@mui/icons-material/Save';
import { useNotify, useTranslate } from 'react-admin';
import type { components } from '../../../../../openapi/schema';
import { apiData, client } from '../../../providers/apiClient';
import { errorMessage } from '../../../providers/httpClient';
import { TabCard } from './TabCard';
import { LoadError } from '../../../layout/LoadError';

type Access = components['schemas']['PlatformAccessValueDto'];
type Position = components['schemas']['PositionResponseDto'];

/** hr.md 3: a position without a setting. */
const DEFAULT_ACCESS: Access = { allowWebAccess: false, allowPWAAccess: true, forcePWA: false, description: '' };

/** hr.md 4: the quick templates replace the setting of every position (notes are kept). */
const TEMPLATES = [
  { key: 'management', label: 'settings.platform.template_management', toast: 'settings.platform.applied_management', access: { allowWebAccess: true, allowPWAAccess: true, forcePWA: false } },
  { key: 'mobile', label: 'settings.platform.template_mobile', toast: 'settings.platform.applied_mobile', access: { allowWebAccess: false, allowPWAAccess: true, forcePWA: true } },
  { key: 'flexible', label: 'settings.platform.template_flexible', toast: 'settings.platform.applied_flexible', access: { allowWebAccess: false, allowPWAAccess: true, forcePWA: false } },
] as const;

/** every position of the company (the API's largest page) */
const ALL_POSITIONS = { range: JSON.stringify([0, 999]) };

/** Settings → Platform Access (company_admin): web / app access per position, three quick templates. */
export default function PlatformAccessTab() {
  const translate = useTranslate();
  const notify = useNotify();
  const [positions, setPositions] = useState<Position[] | null>(null);
  const [settings, setSettings] = useState<Record<string, Access>>({});
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const load = useCallback(async () => {
    setError(null);
    setPositions(null);
    try {
      const [list, stored] = await Promise.all([
        apiData(client.GET('/api/hr/positions', { params: { query: ALL_POSITIONS } })),
        apiData(client.GET('/api/hr/platform-access-settings')),
      ]);
      setPositions(list ?? []);
      setSettings(stored?.settings ?? {});
    } catch (e) {
      const message = errorMessage(e, translate('settings.platform.load_failed'));
      setError(message);
      notify(message, { type: 'error' });
    }
  }, [notify, translate]);

  useEffect(() => {
    void load();
  }, [load]);

  const accessOf = (id: number): Access => settings[String(id)] ?? DEFAULT_ACCESS;

  const update = (id: number, change: Partial<Access>) =>
    setSettings((current) => {
      const next = { ...(current[String(id)] ?? DEFAULT_ACCESS), ...change };
      // hr.md 4: Force PWA on turns web access off
      if (next.forcePWA) {
        next.allowWebAccess = false;
        next.allowPWAAccess = true;
      }
      return { ...current, [String(id)]: next };
    });

  const applyTemplate = (template: (typeof TEMPLATES)[number]) => {
    setSettings((current) =>
      Object.fromEntries(
        (positions ?? []).map((p) => [String(p.id), { ...template.access, description: current[String(p.id)]?.description ?? '' }]),
      ),
    );
    notify(template.toast, { type: 'info' });
  };

  const save = async () => {
    if (!positions) return;
    setSaving(true);
    try {
      const body = Object.fromEntries(positions.map((p) => [String(p.id), accessOf(p.id)]));
      const saved = await apiData(client.POST('/api/hr/platform-access-settings', { body: { settings: body } }));
      setSettings(saved?.settings ?? body);
      notify('settings.platform.saved', { type: 'success' });
    } catch (e) {
      notify(errorMessage(e, translate('settings.platform.save_failed')), { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  const hasPositions = !!positions && positions.length > 0;

  return (
    <TabCard
      title={translate('settings.platform.title')}
      subtitle={translate('settings.platform.subtitle')}
      actions={
        hasPositions && (
          <Button
            variant="contained"
            startIcon={saving ? <CircularProgress size={16} color="inherit" /> : <SaveIcon />}
            onClick={save}
            disabled={saving}
          >
            {translate(saving ? 'settings.saving' : 'settings.save')}
          </Button>
        )
      }
    >
      {error ? (
        <LoadError onRetry={load}>
          {error}
        </LoadError>
      ) : positions === null ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
          <CircularProgress size={28} />
        </Box>
      ) : !hasPositions ? (
        <Typography color="text.secondary">{translate('settings.platform.empty')}</Typography>
      ) : (
        <>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 2 }}>
            <Typography variant="subtitle2" sx={{ mr: 1 }}>
              {translate('settings.platform.templates')}
            </Typography>
            {TEMPLATES.map((template) => (
              <Button key={template.key} size="small" variant="outlined" onClick={() => applyTemplate(template)}>
                {translate(template.label)}
              </Button>
            ))}
          </Box>
          <TableContainer>
            <Table size="small" aria-label={translate('settings.platform.title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('settings.platform.position')}</TableCell>
                  <TableCell>{translate('settings.platform.department')}</TableCell>
                  <TableCell align="center">{translate('settings.platform.web')}</TableCell>
                  <TableCell align="center">{translate('settings.platform.pwa')}</TableCell>
                  <TableCell align="center">{translate('settings.platform.force')}</TableCell>
                  <TableCell sx={{ minWidth: 200 }}>{translate('settings.platform.notes')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {positions.map((p) => {
                  const access = accessOf(p.id);
                  const label = (key: string) => `${p.position_title} ${translate(key)}`;
                  return (
                    <TableRow key={p.id} data-testid={`platform-row-${p.id}`}>
                      <TableCell sx={{ fontWeight: 600 }}>{p.position_title}</TableCell>
                      <TableCell>{p.department_name ?? '—'}</TableCell>
                      <TableCell align="center">
                        <Switch
                          checked={access.allowWebAccess}
                          disabled={access.forcePWA}
                          onChange={(e) => update(p.id, { allowWebAccess: e.target.checked })}
                          slotProps={{ input: { role: 'switch', 'aria-label': label('settings.platform.web') } }}
                        />
                      </TableCell>
                      <TableCell align="center">
                        <Switch
                          checked={access.allowPWAAccess}
                          disabled={access.forcePWA}
                          onChange={(e) => update(p.id, { allowPWAAccess: e.target.checked })}
                          slotProps={{ input: { role: 'switch', 'aria-label': label('settings.platform.pwa') } }}
                        />
                      </TableCell>
                      <TableCell align="center">
                        <Switch
                          checked={access.forcePWA}
                          onChange={(e) => update(p.id, { forcePWA: e.target.checked })}
                          slotProps={{ input: { role: 'switch', 'aria-label': label('settings.platform.force') } }}
                        />
                      </TableCell>
                      <TableCell>
                        <TextField
                          size="small"
                          fullWidth
                          value={access.description}
                          placeholder={translate('settings.platform.notes_placeholder')}
                          onChange={(e) => update(p.id, { description: e.target.value })}
                          slotProps={{ htmlInput: { maxLength: 500, 'aria-label': label('settings.platform.notes') } }}
                        />
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        </>
      )}
    </TabCard>
  );
}
