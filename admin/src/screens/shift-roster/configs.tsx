import { Button, Chip } from '@mui/material';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import type { FieldSpec, FormValues } from '../../layout/FieldsFormDialog';
import { text } from '../../layout/FieldsFormDialog';
import type { EmployeeOption, Shift, ShiftAssignment, WorkLocation } from './api';
import type { RosterConfig } from './RosterTab';

type Translate = (key: string, args?: Record<string, unknown>) => string;

const ActiveChip = ({ active, translate }: { active: boolean; translate: Translate }) => (
  <Chip size="small" color={active ? 'success' : 'default'} label={translate(active ? 'shift_roster.active' : 'shift_roster.inactive')} />
);

const numberOrUndefined = (value: string) => (value === '' ? undefined : Number(value));

export function shiftsConfig(translate: Translate): RosterConfig<Shift> {
  const p = 'shift_roster.shifts';
  const fields: FieldSpec[] = [
    { name: 'shift_name', label: `${p}.shift_name`, required: true },
    { name: 'shift_code', label: `${p}.shift_code`, required: true },
    { name: 'start_time', label: `${p}.start_time`, required: true, hint: 'HH:MM' as string },
    { name: 'end_time', label: `${p}.end_time`, required: true, hint: 'HH:MM' as string },
    { name: 'break_duration', label: `${p}.break_duration`, type: 'number', min: 0 },
    { name: 'grace_period', label: `${p}.grace_period`, type: 'number', min: 0 },
    { name: 'description', label: `${p}.description`, type: 'multiline' },
    { name: 'is_active', label: `${p}.is_active`, type: 'switch' },
  ];
  return {
    resource: 'shifts',
    prefix: p,
    fields,
    columns: [
      { label: translate(`${p}.shift_name`), render: (s) => `${s.shift_name} (${s.shift_code})` },
      { label: translate(`${p}.hours`), render: (s) => `${s.start_time} – ${s.end_time}` },
      { label: translate(`${p}.break_duration`), render: (s) => s.break_duration },
      { label: translate(`${p}.grace_period`), render: (s) => s.grace_period },
      { label: translate(`${p}.is_active`), render: (s) => <ActiveChip active={s.is_active} translate={translate} /> },
    ],
    values: (s) => ({
      shift_name: s?.shift_name ?? '',
      shift_code: s?.shift_code ?? '',
      start_time: s?.start_time ?? '09:00',
      end_time: s?.end_time ?? '17:00',
      break_duration: String(s?.break_duration ?? 0),
      grace_period: String(s?.grace_period ?? 15),
      description: s?.description ?? '',
      is_active: s?.is_active ?? true,
    }),
    body: (v: FormValues) => {
      if (!text(v, 'shift_name') || !text(v, 'shift_code') || !text(v, 'start_time') || !text(v, 'end_time')) {
        return translate(`${p}.required`);
      }
      return {
        shift_name: text(v, 'shift_name'),
        shift_code: text(v, 'shift_code'),
        start_time: text(v, 'start_time'),
        end_time: text(v, 'end_time'),
        break_duration: numberOrUndefined(text(v, 'break_duration')),
        grace_period: numberOrUndefined(text(v, 'grace_period')),
        description: text(v, 'description') || null,
        is_active: v.is_active === true,
      };
    },
    name: (s) => s.shift_name,
  };
}

export function locationsConfig(translate: Translate, notifyError: (reason: string) => void): RosterConfig<WorkLocation> {
  const p = 'shift_roster.locations';
  return {
    resource: 'work-locations',
    prefix: p,
    fields: [
      { name: 'location_name', label: `${p}.location_name`, required: true, wide: true },
      { name: 'address', label: `${p}.address`, type: 'multiline' },
      { name: 'latitude', label: `${p}.latitude`, type: 'number', required: true, step: 'any' },
      { name: 'longitude', label: `${p}.longitude`, type: 'number', required: true, step: 'any' },
      { name: 'radius', label: `${p}.radius`, type: 'number', min: 10, step: 1, hint: `${p}.radius_hint` },
      { name: 'is_active', label: `${p}.is_active`, type: 'switch' },
    ],
    columns: [
      { label: translate(`${p}.location_name`), render: (l) => l.location_name },
      { label: translate(`${p}.address`), render: (l) => l.address ?? '—' },
      { label: translate(`${p}.coordinates`), render: (l) => `${l.latitude.toFixed(6)}, ${l.longitude.toFixed(6)}` },
      { label: translate(`${p}.radius`), render: (l) => `${l.radius} m` },
      { label: translate(`${p}.is_active`), render: (l) => <ActiveChip active={l.is_active} translate={translate} /> },
    ],
    values: (l) => ({
      location_name: l?.location_name ?? '',
      address: l?.address ?? '',
      latitude: l ? String(l.latitude) : '',
      longitude: l ? String(l.longitude) : '',
      radius: String(l?.radius ?? 100),
      is_active: l?.is_active ?? true,
    }),
    body: (v) => {
      if (!text(v, 'location_name') || text(v, 'latitude') === '' || text(v, 'longitude') === '') return translate(`${p}.required`);
      return {
        location_name: text(v, 'location_name'),
        address: text(v, 'address') || null,
        latitude: Number(text(v, 'latitude')),
        longitude: Number(text(v, 'longitude')),
        radius: numberOrUndefined(text(v, 'radius')),
        is_active: v.is_active === true,
      };
    },
    name: (l) => l.location_name,
    formExtra: (onChange) => (
      <Button
        sx={{ mt: 2 }}
        startIcon={<MyLocationIcon />}
        onClick={() => {
          if (!('geolocation' in navigator)) {
            notifyError(translate('attendance.messages.geo_unsupported'));
            return;
          }
          navigator.geolocation.getCurrentPosition(
            (pos) => {
              onChange('latitude', pos.coords.latitude.toFixed(6));
              onChange('longitude', pos.coords.longitude.toFixed(6));
            },
            (e) => notifyError(translate('attendance.messages.geo_failed', { reason: e.message })),
            { enableHighAccuracy: true, maximumAge: 0, timeout: 10000 },
          );
        }}
      >
        {translate(`${p}.use_here`)}
      </Button>
    ),
  };
}

export function assignmentsConfig(
  translate: Translate,
  options: { employees: EmployeeOption[]; shifts: Shift[]; locations: WorkLocation[] },
): RosterConfig<ShiftAssignment> {
  const p = 'shift_roster.assignments';
  return {
    resource: 'shift-assignments',
    prefix: p,
    fields: [
      {
        name: 'employee_id',
        label: `${p}.employee_id`,
        type: 'select',
        required: true,
        wide: true,
        options: options.employees.map((e) => ({ value: String(e.id), label: `${e.first_name} ${e.last_name} (${e.employee_code})` })),
      },
      {
        name: 'shift_id',
        label: `${p}.shift_id`,
        type: 'select',
        required: true,
        options: options.shifts.map((s) => ({ value: String(s.id), label: `${s.shift_name} (${s.start_time}–${s.end_time})` })),
      },
      {
        name: 'location_id',
        label: `${p}.location_id`,
        type: 'select',
        options: [{ value: '', label: translate(`${p}.any_location`) }, ...options.locations.map((l) => ({ value: String(l.id), label: l.location_name }))],
      },
      { name: 'start_date', label: `${p}.start_date`, required: true, hint: `${p}.date_hint` },
      { name: 'end_date', label: `${p}.end_date`, hint: `${p}.end_hint` },
      { name: 'is_active', label: `${p}.is_active`, type: 'switch' },
    ],
    columns: [
      { label: translate(`${p}.employee_id`), render: (a) => a.employee_name },
      { label: translate(`${p}.shift_id`), render: (a) => a.shift_name },
      { label: translate(`${p}.location_id`), render: (a) => a.location_name ?? translate(`${p}.any_location`) },
      { label: translate(`${p}.period`), render: (a) => `${a.start_date} – ${a.end_date ?? translate(`${p}.open_ended`)}` },
      { label: translate(`${p}.is_active`), render: (a) => <ActiveChip active={a.is_active} translate={translate} /> },
    ],
    values: (a) => ({
      employee_id: a ? String(a.employee_id) : '',
      shift_id: a ? String(a.shift_id) : '',
      location_id: a?.location_id ? String(a.location_id) : '',
      start_date: a?.start_date ?? '',
      end_date: a?.end_date ?? '',
      is_active: a?.is_active ?? true,
    }),
    body: (v) => {
      if (!text(v, 'employee_id') || !text(v, 'shift_id') || !text(v, 'start_date')) return translate(`${p}.required`);
      return {
        employee_id: Number(text(v, 'employee_id')),
        shift_id: Number(text(v, 'shift_id')),
        location_id: text(v, 'location_id') ? Number(text(v, 'location_id')) : null,
        start_date: text(v, 'start_date'),
        end_date: text(v, 'end_date') || null,
        is_active: v.is_active === true,
      };
    },
    name: (a) => a.employee_name,
  };
}
