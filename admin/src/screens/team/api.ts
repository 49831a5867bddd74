import type { components } from '../../../../openapi/schema';
import { apiData, client } from '../../providers/apiClient';

type Schemas = components['schemas'];
export type TeamToday = Schemas['TeamTodayDto'];
export type TeamMember = Schemas['TeamMemberTodayDto'];
export type TeamDayStatus = TeamMember['status'];
export type TeamCalendar = Schemas['TeamCalendarDto'];
export type TeamLeave = Schemas['TeamLeaveDto'];

/** The statuses of today in the order the counts show them. */
export const DAY_STATUSES: readonly TeamDayStatus[] = ['in', 'late', 'absent', 'on_leave', 'not_in'];

/** The people the caller covers: today's attendance and a month's leave calendar. */
export const teamApi = {
  today: () => apiData<TeamToday>(client.GET('/api/hr/team/today')),
  /** `month`: YYYY-MM */
  calendar: (month: string) =>
    apiData<TeamCalendar>(
      client.GET('/api/hr/team/calendar', { params: { query: { year: Number(month.slice(0, 4)), month: Number(month.slice(5, 7)) } } }),
    ),
};
