import '../../attendance/messages.en';
import '../screen.messages.en';
import { useCallback, useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  FormControlLabel,
  Stack,
  Switch,
  Tab,
  TextField,
  Typography,
} from '@mui/material';
import SaveIcon from '@mui/icons-material/Save';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import PlaceIcon from '@mui/icons-material/Place';
import { Link as RouterLink } from 'react-router-dom';
import { useNotify, useTranslate } from 'react-admin';
import type { components } from '../../../../../openapi/schema';
import { useSession } from '../../../auth/useSession';
import { apiData, client } from '../../../providers/apiClient';
import { fieldErrors } from '../../../providers/httpClient';
import { isImpersonating } from '../../../providers/session';
import { TabCard } from './TabCard';
import { LoadError } from '../../../layout/LoadError';
import { ScreenTabs } from '../../../layout/ScreenTabs';

/**
 * GET/PUT /api/settings/attendance: four groups of flags, numbers, a time and address lists, with
 * the caller's address and the sample allowed ranges around it.
 */
type SettingsView = components['schemas']['AttendanceSettingsViewDto'];
type Settings = Omit<SettingsView, 'client_ip' | 'sample_ip_ranges'>;
type Changes = components['schemas']['UpdateAttendanceSettingsDto'];
type Group = keyof Settings;
const GROUPS: Group[] = ['general', 'geolocation', 'device', 'network'];

/** The fields of a group whose value is of type V. */
type FieldsOf<G extends Group, V> = { [K in keyof Settings[G]]-?: Settings[G][K] extends V ? K : never }[keyof Settings[G]] & string;

const FLAGS: { [G in Group]: Array<FieldsOf<G, boolean>> } = {
  general: [
    'enable_geolocation',
    'require_location_check',
    'allow_offline_checkin',
    'auto_check_out',
    'ip_based_attendance',
    'face_recognition',
    'notification_enabled',
  ],
  geolocation: ['enable_gps', 'enable_network_location', 'enable_wifi_scanning'],
  device: ['allow_mobile_devices', 'allow_desktop_devices', 'restrict_by_device_id', 'enable_device_tracking'],
  network: ['enable_ip_restriction', 'enable_ip_whitelist', 'enable_ip_tracking'],
};

/** hr.md 5 bounds, for the inputs' arrows (the server checks them and names the field when one is off). */
const NUMBERS: { [G in Group]: Array<{ key: FieldsOf<G, number>; min: number; max: number; step: number; help: string }> } = {
  general: [{ key: 'offline_checkin_max_age_hours', min: 1, max: 72, step: 1, help: 'bounds_offline_age' }],
  geolocation: [
    { key: 'default_radius', min: 10, max: 1000, step: 1, help: 'bounds_radius' },
    { key: 'max_radius', min: 10, max: 1000, step: 1, help: 'bounds_radius' },
    { key: 'accuracy_threshold', min: 1, max: 100, step: 1, help: 'bounds_accuracy' },
    { key: 'location_timeout', min: 1000, max: 60000, step: 1000, help: 'bounds_timeout' },
    { key: 'location_retention_days', min: 1, max: 365, step: 1, help: 'bounds_retention' },
  ],
  device: [{ key: 'max_devices_per_user', min: 1, max: 10, step: 1, help: 'bounds_devices' }],
  network: [],
};

/** Address and device lists are edited one entry per line. */
const LISTS: { [G in Group]: Array<FieldsOf<G, string[]>> } = {
  general: [],
  geolocation: [],
  device: ['device_whitelist'],
  network: ['allowed_ip_ranges', 'trusted_ips'],
};

/** One field of a group, read by name (the tables above name only the group's own fields). */
const valueOf = (settings: Settings, group: Group, key: string): unknown => (settings[group] as Record<string, unknown>)[key];

/** where the sample ranges are added: the allowed ranges, as typed */
const RANGES = 'network.allowed_ip_ranges';

const listText = (value: unknown) => (Array.isArray(value) ? value.join('\n') : '');
const textList = (text: string) =>
  text
    .split(/[\n,]+/)
    .map((entry) => entry.trim())
    .filter(Boolean);

type LocationResult = Pick<GeolocationCoordinates, 'latitude' | 'longitude' | 'accuracy'>;

/** Settings → Attendance Settings (General, Geolocation, Device, Network), saved per company. */
export default function AttendanceSettingsTab() {
  const translate = useTranslate();
  const notify = useNotify();
  const session = useSession();
  const needsCompany = session.user?.role === 'superadmin' && !isImpersonating(session);
  const [tab, setTab] = useState<Group>('general');
  const [form, setForm] = useState<Settings | null>(null);
  /** number inputs as typed ('' while empty) */
  const [numbers, setNumbers] = useState<Record<string, string>>({});
  const [lists, setLists] = useState<Record<string, string>>({});
  const [loadError, setLoadError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [locating, setLocating] = useState(false);
  const [location, setLocation] = useState<LocationResult | null>(null);

  const [address, setAddress] = useState<Pick<SettingsView, 'client_ip' | 'sample_ip_ranges'> | null>(null);
  const rangeListed = (range: string) => textList(lists[RANGES] ?? '').includes(range);
  /** a sample range appended to the allowed ranges as typed (saved with the rest) */
  const addRange = (range: string) =>
    setLists((current: Record<string, string>) => ({ ...current, [RANGES]: [...textList(current[RANGES] ?? ''), range].join('\n') }));

  const fill = useCallback((view: SettingsView) => {
    const { client_ip, sample_ip_ranges, ...settings } = view;
    setAddress({ client_ip, sample_ip_ranges });
    setForm(settings);
    const nums: Record<string, string> = {};
    for (const group of GROUPS) for (const { key } of NUMBERS[group]) nums[`${group}.${key}`] = String(valueOf(settings, group, key) ?? '');
    setNumbers(nums);
    const texts: Record<string, string> = {};
    for (const group of GROUPS) for (const key of LISTS[group]) texts[`${group}.${key}`] = listText(valueOf(settings, group, key));
    setLists(texts);
  }, []);

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      fill(await apiData(client.GET('/api/settings/attendance')));
    } catch {
      setLoadError(translate('settings.fetch_failed'));
      notify('settings.fetch_failed', { type: 'error' });
    }
  }, [fill, notify, translate]);

  useEffect(() => {
    if (!needsCompany) void load();
  }, [load, needsCompany]);

  const setFlag = (group: Group, key: string, value: boolean) =>
    setForm((current) => (current ? { ...current, [group]: { ...current[group], [key]: value } } : current));

  /** The whole form; an emptied number is left out, so it keeps its saved value. */
  const body = (): Changes | null => {
    if (!form) return null;
    const out: Changes = { general: { ...form.general }, geolocation: { ...form.geolocation }, device: { ...form.device }, network: { ...form.network } };
    const put = (path: string, value: unknown) => {
      const [group, key] = path.split('.') as [Group, string];
      const fields = out[group] as Record<string, unknown>;
      if (value === undefined) delete fields[key];
      else fields[key] = value;
    };
    for (const [path, text] of Object.entries(numbers)) put(path, text.trim() === '' ? undefined : Number(text));
    for (const [path, text] of Object.entries(lists)) put(path, textList(text));
    return out;
  };

  const save = async () => {
    const payload = body();
    if (!payload) return;
    setSaving(true);
    setErrors({});
    try {
      fill(await apiData(client.PUT('/api/settings/attendance', { body: payload })));
      notify('settings.saved', { type: 'success' });
    } catch (e) {
      const found = Object.fromEntries(fieldErrors(e).map((err) => [err.field, err.message]));
      setErrors(found);
      const first = Object.keys(found)[0]?.split('.')[0] as Group | undefined;
      if (first && GROUPS.includes(first)) setTab(first);
      notify('settings.save_failed', { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  const testLocation = () => {
    if (!('geolocation' in navigator) || !navigator.geolocation) {
      notify('settings.attendance.geolocation.unsupported', { type: 'error' });
      return;
    }
    const typed = Number(numbers['geolocation.location_timeout']);
    const timeout = Number.isFinite(typed) && typed > 0 ? typed : (form?.geolocation.location_timeout ?? 10000);
    setLocating(true);
    setLocation(null);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        setLocation({
          latitude: position.coords.latitude,
          longitude: position.coords.longitude,
          accuracy: position.coords.accuracy,
        });
        notify('settings.attendance.geolocation.test_success', { type: 'success' });
      },
      (error) => {
        setLocating(false);
        const reason = error?.message;
        notify(
          reason
            ? `${translate('settings.attendance.geolocation.test_failed')}${reason}`
            : translate('settings.attendance.geolocation.test_failed_plain'),
          { type: 'error' },
        );
      },
      { enableHighAccuracy: true, maximumAge: 0, timeout },
    );
  };

  const label = (group: Group, key: string) => translate(`settings.attendance.${group}.${key}`);
  const threshold = Number(numbers['geolocation.accuracy_threshold'] ?? form?.geolocation.accuracy_threshold ?? 50);

  return (
    <TabCard
      title={translate('settings.attendance.title')}
      actions={
        form &&
        !needsCompany && (
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
      {needsCompany ? (
        <Alert severity="info">{translate('settings.needs_company')}</Alert>
      ) : loadError ? (
        <LoadError onRetry={load}>
          {loadError}
        </LoadError>
      ) : !form ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
          <CircularProgress size={28} />
        </Box>
      ) : (
        <>
          <ScreenTabs
            value={tab}
            onChange={(_, value: Group) => setTab(value)}
            sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
          >
            {GROUPS.map((group) => (
              <Tab key={group} value={group} label={translate(`settings.attendance.tabs.${group}`)} />
            ))}
          </ScreenTabs>

          <Box role="tabpanel" aria-label={translate(`settings.attendance.tabs.${tab}`)}>
            <Stack spacing={2} sx={{ maxWidth: 560 }}>
              {tab === 'general' && (
                <TextField
                  type="time"
                  label={label('general', 'check_out_time')}
                  value={form.general.check_out_time}
                  onChange={(e) => setForm({ ...form, general: { ...form.general, check_out_time: e.target.value } })}
                  error={!!errors['general.check_out_time']}
                  helperText={errors['general.check_out_time']}
                  slotProps={{ inputLabel: { shrink: true } }}
                />
              )}
              {(NUMBERS[tab] as Array<{ key: string; min: number; max: number; step: number; help: string }>).map(({ key, min, max, step, help }) => {
                const path = `${tab}.${key}`;
                return (
                  <TextField
                    key={key}
                    type="number"
                    label={label(tab, key)}
                    value={numbers[path] ?? ''}
                    onChange={(e) => setNumbers({ ...numbers, [path]: e.target.value })}
                    error={!!errors[path]}
                    helperText={errors[path] ?? translate(`settings.attendance.${tab}.${help}`)}
                    slotProps={{ htmlInput: { min, max, step } }}
                  />
                );
              })}
              {(LISTS[tab] as string[]).map((key) => {
                const path = `${tab}.${key}`;
                return (
                  <TextField
                    key={key}
                    multiline
                    minRows={3}
                    label={label(tab, key)}
                    value={lists[path] ?? ''}
                    onChange={(e) => setLists({ ...lists, [path]: e.target.value })}
                    error={!!errors[path]}
                    helperText={errors[path] ?? translate(`settings.attendance.${tab}.${key}_help`)}
                  />
                );
              })}
              {tab === 'network' && address?.client_ip && address.sample_ip_ranges.length > 0 && (
                <Box data-testid="sample-ip-ranges">
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {translate('settings.attendance.network.your_address', { ip: address.client_ip })}
                  </Typography>
                  <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }}>
                    {address.sample_ip_ranges.map((range) => (
                      <Button key={range} size="small" variant="outlined" onClick={() => addRange(range)} disabled={rangeListed(range)}>
                        {translate('settings.attendance.network.add_range', { range })}
                      </Button>
                    ))}
                  </Stack>
                </Box>
              )}
              <Box>
                {(FLAGS[tab] as string[]).map((key) => (
                  <FormControlLabel
                    key={key}
                    sx={{ display: 'flex' }}
                    control={<Switch checked={!!valueOf(form, tab, key)} onChange={(e) => setFlag(tab, key, e.target.checked)} />}
                    label={label(tab, key)}
                  />
                ))}
              </Box>
              {tab === 'geolocation' && (
                <Box>
                  <Button
                    variant="outlined"
                    startIcon={locating ? <CircularProgress size={16} /> : <MyLocationIcon />}
                    onClick={testLocation}
                    disabled={locating}
                  >
                    {translate(locating ? 'settings.attendance.geolocation.testing' : 'settings.attendance.geolocation.test')}
                  </Button>
                  <Button component={RouterLink} to="/hr/shift-roster?tab=locations" startIcon={<PlaceIcon />} sx={{ ml: 1 }}>
                    {translate('settings.attendance.geolocation.work_locations')}
                  </Button>
                  {!('geolocation' in navigator && navigator.geolocation) && (
                    <Typography variant="body2" color="error" sx={{ mt: 1 }} data-testid="geolocation-unsupported">
                      {translate('attendance.messages.geo_unsupported_inline')}
                    </Typography>
                  )}
                  {location && (
                    <Alert severity={location.accuracy <= threshold ? 'success' : 'warning'} sx={{ mt: 2 }} data-testid="location-result">
                      <Typography variant="body2">
                        {translate('settings.attendance.geolocation.result', {
                          latitude: location.latitude.toFixed(6),
                          longitude: location.longitude.toFixed(6),
                          accuracy: Math.round(location.accuracy),
                        })}
                      </Typography>
                      <Typography variant="body2">
                        {location.accuracy <= threshold
                          ? translate('settings.attendance.geolocation.accuracy_ok')
                          : translate('settings.attendance.geolocation.accuracy_poor', { threshold })}
                      </Typography>
                    </Alert>
                  )}
                </Box>
              )}
            </Stack>
          </Box>
        </>
      )}
    </TabCard>
  );
}
