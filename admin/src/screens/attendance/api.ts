import type { components } from '../../../../openapi/schema';
import { apiData, client } from '../../providers/apiClient';
import { submitOrQueue } from '../../pwa/offlineQueue';

export const STATUSES = ['present', 'late', 'absent', 'leave'] as const;
export type AttendanceStatus = (typeof STATUSES)[number];

export type AttendanceRecord = components['schemas']['AttendanceResponseDto'];
export type AttendanceToday = components['schemas']['AttendanceTodayDto'];
export type AttendanceSummary = components['schemas']['AttendanceSummaryDto'];
type CreateAttendance = components['schemas']['CreateAttendanceDto'];
type UpdateAttendance = components['schemas']['UpdateAttendanceDto'];

/** The list filters of GET /api/hr/attendance (documented in its `filter` parameter). */
export interface RecordFilters {
  start_date?: string;
  end_date?: string;
  status?: string;
  employee_id?: number;
  department_id?: number;
  q?: string;
  mine?: boolean;
}

type Punch = components['schemas']['CheckInDto'];
/** Where the device is: the position fields of a check-in or check-out. */
export type Position = Required<Pick<Punch, 'latitude' | 'longitude' | 'accuracy'>>;

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

const clean = (filters: RecordFilters) => Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== ''));

/** The attendance calls (hr.md 7). */
export const attendanceApi = {
  list: async (filters: RecordFilters, range: [number, number] = [0, 999], sort: [string, 'ASC' | 'DESC'] = ['attendance_date', 'DESC']) => {
    const { data, response } = await client.GET('/api/hr/attendance', {
      params: { query: { filter: JSON.stringify(clean(filters)), range: JSON.stringify(range), sort: JSON.stringify(sort) } },
    });
    const records = data?.data ?? [];
    const match = /\/(\d+)$/.exec(response.headers.get('Content-Range') ?? '');
    return { records, total: match ? Number(match[1]) : records.length };
  },
  today: () => apiData(client.GET('/api/hr/attendance/today')),
  summary: () => apiData(client.GET('/api/hr/attendance/summary')),
  /** check-in and check-out go through the offline queue, always with the device's time */
  punch: (kind: 'check-in' | 'check-out', location: string, position: Position | null, label: string) =>
    submitOrQueue<AttendanceRecord>(
      `${BASE}/${kind}`,
      {
        location: location.trim() || 'Office',
        ...(position ?? {}),
        timestamp: new Date().toISOString(),
        device_id: deviceId(),
      } satisfies Punch,
      { label },
    ),
  update: (id: number, body: UpdateAttendance) => apiData(client.PUT('/api/hr/attendance/{id}', { params: { path: { id } }, body })),
  create: (body: CreateAttendance) => apiData(client.POST('/api/hr/attendance', { body })),
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
