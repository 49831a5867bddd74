/** The period of the Targets and Bonuses tabs (one for both); empty until chosen. */
export interface Period {
  start: string;
  end: string;
}

const iso = (year: number, month: number, day: number) => `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The current period of a KPI's period type (the current month, quarter or year), as dates. */
export const currentPeriod = (type: string | undefined, today = new Date()): Period => {
  const year = today.getFullYear();
  const month = today.getMonth() + 1;
  if (type === 'yearly') return { start: iso(year, 1, 1), end: iso(year, 12, 31) };
  if (type === 'quarterly') {
    const first = Math.floor((month - 1) / 3) * 3 + 1;
    return { start: iso(year, first, 1), end: iso(year, first + 2, lastDay(year, first + 2)) };
  }
  return { start: iso(year, month, 1), end: iso(year, month, lastDay(year, month)) };
};

/** Today as YYYY-MM-DD in the browser's zone (the server defaults to the company's). */
export const today = (now = new Date()) => iso(now.getFullYear(), now.getMonth() + 1, now.getDate());
