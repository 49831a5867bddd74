import type { ReportDefinition } from '../report-definition';
import { attendanceCorrections, attendanceHours, attendanceLateByWeekday, attendanceRates } from './attendance';
import { headcountBreakdown, headcountMovement, headcountTenure } from './headcount';
import { kpiAchievement, kpiBonuses } from './kpi';
import { leaveBalances, leavePending, leaveTaken, leaveUpcoming } from './leave';
import { payrollChanges, payrollCost } from './payroll';

/** Every company report, in the order the console lists them. */
export const REPORTS: readonly ReportDefinition[] = [
  headcountBreakdown,
  headcountMovement,
  headcountTenure,
  attendanceRates,
  attendanceLateByWeekday,
  attendanceHours,
  attendanceCorrections,
  leaveBalances,
  leaveTaken,
  leaveUpcoming,
  leavePending,
  payrollCost,
  payrollChanges,
  kpiAchievement,
  kpiBonuses,
];

export const REPORT_IDS = REPORTS.map((r) => r.id);

export const reportById = (id: string): ReportDefinition | undefined => REPORTS.find((r) => r.id === id);
