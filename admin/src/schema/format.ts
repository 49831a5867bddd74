/**
 * The console's one formatter: dates and times in the company's time zone, calendar dates as
 * they are, money with its currency, durations and distances in words. Every screen formats
 * through here, so one record reads the same everywhere: one date format (Nov 27, 2026), one
 * time format (09:05 AM, for moments and for wall-clock times such as a shift's start alike),
 * in the company's locale (en-US, hr.md 9) and time zone.
 */
import { useSession } from '../auth/useSession';
import { getSession } from '../providers/session';

/** The company's locale: the spec's one (hr.md 9: en-US, USD). */
export const LOCALE = 'en-US';
const CURRENCY = 'USD';
let browserZoneRead: string | undefined;
/** The browser's zone, read once (resolving it builds a formatter; every formatted value asks). */
const browserZone = () => (browserZoneRead ??= Intl.DateTimeFormat().resolvedOptions().timeZone);

const cache = new Map<string, Intl.DateTimeFormat>();
const formatter = (zone: string, options: Intl.DateTimeFormatOptions) => {
  const key = `${zone}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(LOCALE, { ...options, timeZone: zone });
    } catch {
      format = new Intl.DateTimeFormat(LOCALE, { ...options, timeZone: 'UTC' });
    }
    cache.set(key, format);
  }
  return format;
};

const DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hour12: true };
const WEEKDAY: Intl.DateTimeFormatOptions = { weekday: 'long' };
const EMPTY = '—';

const instant = (value: string | number | Date | null | undefined): Date | null => {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

export interface Formatters {
  zone: string;
  /** a calendar date (YYYY-MM-DD) as it is: Dec 5, 2026 */
  date: (value: string | null | undefined) => string;
  /** a moment in the company's zone: Dec 5, 2026, 04:20 PM */
  dateTime: (value: string | number | Date | null | undefined) => string;
  /** a moment's clock time in the company's zone: 04:20 PM */
  time: (value: string | number | Date | null | undefined) => string;
  /** a wall-clock time of day (HH:MM) as it is: 09:00 AM */
  clock: (value: string | null | undefined) => string;
  /** a wall-clock range (HH:MM–HH:MM): 09:00 AM – 05:00 PM */
  clockRange: (start: string | null | undefined, end: string | null | undefined) => string;
  /** a calendar range: Dec 5, 2026 – Dec 7, 2026 (one date where both are the same) */
  dateRange: (start: string | null | undefined, end: string | null | undefined) => string;
  /** the day of a calendar date or a moment in the company's zone, with its weekday: Saturday, Dec 5, 2026 */
  longDate: (value: string | number | Date | null | undefined) => string;
  /** the calendar date of a moment in the company's zone (YYYY-MM-DD) */
  dayOf: (value: string | number | Date) => string;
  money: (value: string | number | null | undefined) => string;
  /** a count of days in words: 1 day, 2 days, 0.5 days */
  days: (count: number | string | null | undefined) => string;
}

export function formatters(zone: string): Formatters {
  const date = (value: string | null | undefined): string => {
    if (!value) return EMPTY;
    const at = instant(`${value.slice(0, 10)}T00:00:00Z`);
    return at ? formatter('UTC', DATE).format(at) : value;
  };
  const clock = (value: string | null | undefined): string => {
    const match = /^(\d{1,2}):(\d{2})/.exec(value ?? '');
    if (!match) return value || EMPTY;
    return formatter('UTC', TIME).format(new Date(Date.UTC(2000, 0, 1, Number(match[1]), Number(match[2]))));
  };
  const dayOf = (value: string | number | Date): string => {
    const parts = formatter(zone, { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(instant(value) ?? new Date());
    const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
    return `${part('year')}-${part('month')}-${part('day')}`;
  };
  return {
    zone,
    date,
    dateTime: (value) => {
      const at = instant(value);
      return at ? formatter(zone, { ...DATE, ...TIME }).format(at) : EMPTY;
    },
    time: (value) => {
      const at = instant(value);
      return at ? formatter(zone, TIME).format(at) : EMPTY;
    },
    clock,
    clockRange: (start, end) => `${clock(start)} – ${clock(end)}`,
    dateRange: (start, end) => (!end || start === end ? date(start) : `${date(start)} – ${date(end)}`),
    longDate: (value) => {
      if (value === null || value === undefined || value === '') return EMPTY;
      const day = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : dayOf(value);
      const at = instant(`${day}T00:00:00Z`);
      return at ? `${formatter('UTC', WEEKDAY).format(at)}, ${date(day)}` : String(value);
    },
    dayOf,
    money: (value) => formatMoney(value),
    days: (count) => formatDays(count),
  };
}

/** A count of days in words, singular for one: 1 day, 2 days, 0.5 days. */
export function formatDays(count: number | string | null | undefined): string {
  if (count === null || count === undefined || count === '') return EMPTY;
  const n = Number(count);
  if (!Number.isFinite(n)) return String(count);
  const shown = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 2 }).format(n);
  return `${shown} ${n === 1 ? 'day' : 'days'}`;
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** An amount as the API answers it (`79.00`) with its currency: $79.00, -$44.77, €12.50. */
export function formatMoney(value: string | number | null | undefined, currency = CURRENCY): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  const n = Number(value);
  if (!Number.isFinite(n)) return String(value);
  let format = moneyFormats.get(currency);
  if (!format) {
    try {
      format = new Intl.NumberFormat(LOCALE, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 });
    } catch {
      format = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    }
    moneyFormats.set(currency, format);
  }
  return format.format(n);
}

/** The signed-in user's company time zone (the browser's where the account has no company). */
export const useCompanyZone = (): string => useSession().user?.time_zone || browserZone();

/** The same zone outside React (a toast's text, a queued write's time). */
export const companyZone = (): string => getSession().user?.time_zone || browserZone();

/** The formatter in the company's zone, outside React. */
export const companyFormat = (): Formatters => formatters(companyZone());

export const useFormat = (): Formatters => formatters(useCompanyZone());

/** "1 hour 30 minutes", "15 minutes", "0 minutes". */
export function formatMinutes(total: number): string {
  const minutes = Math.max(0, Math.round(total));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const words = [
    ...(hours ? [`${hours} ${hours === 1 ? 'hour' : 'hours'}`] : []),
    ...(rest || !hours ? [`${rest} ${rest === 1 ? 'minute' : 'minutes'}`] : []),
  ];
  return words.join(' ');
}

/** Metres with a unit: whole metres below 100 km, whole kilometres from there (as the server says them). */
export function formatDistance(metres: number): string {
  if (!Number.isFinite(metres)) return EMPTY;
  if (metres < 100_000) return `${Math.round(metres)} m`;
  return `${new Intl.NumberFormat(LOCALE).format(Math.round(metres / 1000))} km`;
}

const zonedParts = (instantMs: number, zone: string) => {
  const parts = formatter(zone, { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(instantMs));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour') % 24, minute: part('minute'), second: part('second') };
};

const pad = (n: number) => String(n).padStart(2, '0');

/** A moment as a `datetime-local` input shows it in the company's zone: 2026-12-05T16:20. */
export function toZonedInput(value: string | Date | null | undefined, zone: string): string {
  const date = instant(value ?? null);
  if (!date) return '';
  const p = zonedParts(date.getTime(), zone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

/** The moment a `datetime-local` text means on the company's clock, as ISO (null when empty). */
export function fromZonedInput(text: string | null | undefined, zone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(text ?? '');
  if (!match) return null;
  const wall = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), Number(match[4]), Number(match[5]));
  // the zone's offset at that moment, found from a first guess and corrected once (DST edges)
  let guess = wall;
  for (let i = 0; i < 2; i += 1) {
    const p = zonedParts(guess, zone);
    const shown = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
    guess += wall - shown;
  }
  return new Date(guess).toISOString();
}

/**
 * A decimal as stored (`56250.00`), grouped with 2 decimals (`56,250.00`); worked on the text itself,
 * so a large amount reads exactly as stored. Empty where there is none.
 */
export function formatDecimal(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(String(value).trim());
  if (!match) return String(value);
  const cents = (match[3] ?? '').padEnd(2, '0');
  if (cents.length > 2) return Number(value).toLocaleString(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${match[1]}${match[2].replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}

/** A percentage as a whole number (`112.5` → `113%`). */
export function formatPercent(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  const n = Number(value);
  return Number.isFinite(n) ? `${Math.round(n)}%` : String(value);
}

const MONTH_YEAR = new Intl.DateTimeFormat(LOCALE, { month: 'short', year: 'numeric', timeZone: 'UTC' });
const MONTH_DAY = new Intl.DateTimeFormat(LOCALE, { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** A calendar month (YYYY-MM) as the one date format writes its month: 2026-11 → Nov 2026. */
export function formatMonth(month: string): string {
  const date = new Date(`${month}-01T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? month : MONTH_YEAR.format(date);
}

/** A calendar date without its year, for a chart's axis: 2026-11-26 → Nov 26. */
export function formatMonthDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : MONTH_DAY.format(date);
}
