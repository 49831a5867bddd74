import { api } from '../../providers/httpClient';
import { submitOrQueue } from '../../pwa/offlineQueue';

export const STATUSES = ['present', 'late', 'absent', 'leave'] as const;
export type AttendanceStatus = (typeof STATUSES)[number];

export interface AttendanceRecord {
  id: number;
  employee_id: number;
  employee_name: string;
  employee_code: string;
  attendance_date: string;
  check_in_time: string | null;
  check_out_time: string | null;
  work_hours: number | null;
  status: AttendanceStatus;
  check_in_location: string | null;
  check_out_location: string | null;
  work_location_name: string | null;
  shift_name: string | null;
  is_offline: boolean;
  check_out_offline: boolean;
  /** when the server received the check-in / check-out (later than their times when sent offline) */
  check_in_received_at: string | null;
  check_out_received_at: string | null;
  auto_checked_out: boolean;
  notes: string | null;
  corrected_at: string | null;
}

export interface AttendanceToday {
  date: string;
  time_zone: string;
  record: AttendanceRecord | null;
  can_check_in: boolean;
  can_check_out: boolean;
  shift: { shift_name: string; start_time: string; grace_period: number; location_name: string | null } | null;
  enable_geolocation: boolean;
  require_location_check: boolean;
  allow_offline_checkin: boolean;
  location_timeout: number;
  accuracy_threshold: number;
}

export interface AttendanceSummary {
  start_date: string;
  end_date: string;
  total_days: number;
  present_days: number;
  late_days: number;
  absent_days: number;
  leave_days: number;
  total_work_hours: number;
  average_work_hours: number;
  attendance_rate: number;
}

export interface RecordFilters {
  start_date?: string;
  end_date?: string;
  status?: string;
  employee_id?: number;
  department_id?: number;
  q?: string;
  mine?: boolean;
}

export interface Position {
  latitude: number;
  longitude: number;
  accuracy: number;
}

const BASE = '/hr/attendance';
const DEVICE_KEY = 'hr.device-id';

/** A random id kept on this device: the server's device settings count and allow devices by it. */
export const deviceId = (): string => {
  try {
    let id = localStorage.getItem(DEVICE_KEY);
    if (!id) {
      id = crypto.randomUUID();
      localStorage.setItem(DEVICE_KEY, id);
    }
    return id;
  } catch {
    return 'unknown-device';
  }
};

const query = (params: Record<string, unknown>) =>
  new URLSearchParams(
    Object.entries(params)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  ).toString();

const clean = (filters: RecordFilters) => Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== ''));

/** The attendance calls (hr.md 7). */
export const attendanceApi = {
  list: async (filters: RecordFilters, range: [number, number] = [0, 999], sort: [string, 'ASC' | 'DESC'] = ['attendance_date', 'DESC']) => {
    const res = await api.get<AttendanceRecord[]>(`${BASE}?${query({ filter: clean(filters), range, sort })}`);
    const match = /\/(\d+)$/.exec(res.headers.get('Content-Range') ?? '');
    return { records: res.json ?? [], total: match ? Number(match[1]) : (res.json?.length ?? 0) };
  },
  today: async () => (await api.get<AttendanceToday>(`${BASE}/today`)).json,
  summary: async () => (await api.get<AttendanceSummary>(`${BASE}/summary`)).json,
  /** check-in and check-out go through the offline queue, always with the device's time */
  punch: (kind: 'check-in' | 'check-out', location: string, position: Position | null, label: string) =>
    submitOrQueue<AttendanceRecord>(
      `${BASE}/${kind}`,
      {
        location: location.trim() || 'Office',
        ...(position ?? {}),
        timestamp: new Date().toISOString(),
        device_id: deviceId(),
      },
      { label },
    ),
  update: async (id: number, body: Record<string, unknown>) => (await api.put<AttendanceRecord>(`${BASE}/${id}`, body)).json,
  create: async (body: Record<string, unknown>) => (await api.post<AttendanceRecord>(BASE, body)).json,
  employees: async () =>
    (await api.get<Array<{ id: number; first_name: string; last_name: string; employee_code: string }>>(`/hr/employees?${query({ range: [0, 999], sort: ['first_name', 'ASC'] })}`)).json ?? [],
  departments: async () => (await api.get<Array<{ id: number; department_name: string }>>(`/hr/departments?${query({ range: [0, 999] })}`)).json ?? [],
};

/** The browser's position: high accuracy, no cached position, the company's timeout (hr.md 7). */
export const locate = (timeout: number): Promise<Position> =>
  new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject(new Error('unsupported'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ latitude: p.coords.latitude, longitude: p.coords.longitude, accuracy: p.coords.accuracy }),
      (e) => reject(new Error(e.message || 'unknown error')),
      { enableHighAccuracy: true, maximumAge: 0, timeout },
    );
  });

export const formatTime = (iso: string | null, zone?: string) =>
  iso ? new Date(iso).toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit', timeZone: zone }) : '—';

export const formatHours = (hours: number | null) => (hours === null ? '—' : hours.toFixed(2));

/** YYYY-MM-DD of a date in this device's calendar. */
export const isoDate = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** YYYY-MM-DD `days` before (negative: after) a YYYY-MM-DD date. */
export const shiftDate = (date: string, days: number) => {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
};
