import './messages.en';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { errorMessage } from '../../providers/httpClient';
import { attendanceApi, locate, type AttendanceToday, type Position } from './api';

export type PunchKind = 'check-in' | 'check-out';
export type PunchBusy = PunchKind | 'locating' | null;

/**
 * Check In / Check Out with the company's rules (hr.md 7): the browser's position when the company
 * uses geolocation, then the punch through the offline queue, with the screen's messages. Used by
 * the attendance screen and by the employee's home.
 */
export function usePunch(today: AttendanceToday | null, after: () => unknown) {
  const translate = useTranslate();
  const notify = useNotify();
  const [busy, setBusy] = useState<PunchBusy>(null);

  /** The position when the company uses geolocation; null to go on without; undefined to stop. */
  const position = async (settings: AttendanceToday): Promise<Position | null | undefined> => {
    if (!settings.enable_geolocation && !settings.require_location_check) return null;
    if (!('geolocation' in navigator)) {
      notify('attendance.messages.geo_unsupported', { type: 'error' });
      return settings.require_location_check ? undefined : null;
    }
    setBusy('locating');
    try {
      return await locate(settings.location_timeout || 10000);
    } catch (e) {
      notify('attendance.messages.geo_failed', { type: 'error', messageArgs: { reason: (e as Error).message } });
      return settings.require_location_check ? undefined : null;
    }
  };

  const punch = async (kind: PunchKind, location: string) => {
    if (!today) return;
    const failed = kind === 'check-in' ? 'attendance.messages.check_in_failed' : 'attendance.messages.check_out_failed';
    try {
      const where = await position(today);
      if (where === undefined) return;
      setBusy(kind);
      const label = translate(kind === 'check-in' ? 'attendance.check.check_in' : 'attendance.check.check_out');
      const result = await attendanceApi.punch(kind, location, where, label);
      if (result.status === 'queued') notify('attendance.check.queued', { type: 'info' });
      else notify(kind === 'check-in' ? 'attendance.messages.check_in_ok' : 'attendance.messages.check_out_ok', { type: 'success' });
      await after();
    } catch (e) {
      notify(errorMessage(e, translate(failed)), { type: 'error' });
    } finally {
      setBusy(null);
    }
  };

  return { busy, punch };
}
