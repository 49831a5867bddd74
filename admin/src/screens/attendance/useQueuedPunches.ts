import { isWaiting, useOfflineQueue, type QueuedWrite } from '../../pwa/offlineQueue';
import type { AttendanceToday } from './api';

export const CHECK_IN_PATH = '/hr/attendance/check-in';
export const CHECK_OUT_PATH = '/hr/attendance/check-out';

/** YYYY-MM-DD of a moment in the company's time zone (how the server files a punch). */
const companyDate = (iso: string, zone: string) => {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));
  } catch {
    return iso.slice(0, 10);
  }
};

/** The moment a queued punch happened: the time it carries, else when it was queued. */
export const punchTime = (item: QueuedWrite): string =>
  typeof item.body.timestamp === 'string' ? item.body.timestamp : item.created_at;

export interface QueuedPunches {
  checkIn: QueuedWrite | null;
  checkOut: QueuedWrite | null;
}

/**
 * Today's check-in and check-out made offline and not sent yet: the screen shows them as done
 * (with their time), so an offline check-in can be followed by an offline check-out.
 */
export function useQueuedPunches(today: AttendanceToday | null): QueuedPunches {
  const items = useOfflineQueue();
  if (!today) return { checkIn: null, checkOut: null };
  const todays = (path: string) =>
    items.find((item) => item.path === path && isWaiting(item) && companyDate(punchTime(item), today.time_zone) === today.date) ?? null;
  return { checkIn: todays(CHECK_IN_PATH), checkOut: todays(CHECK_OUT_PATH) };
}
