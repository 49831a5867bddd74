/**
 * The console's one formatter: dates and times in the company's time zone, calendar dates as
 * they are, money with its currency, durations and distances in words. Every screen formats
 * through here, so one record reads the same everywhere.
 */
import { useSession } from '../auth/useSession';

const CURRENCY = 'USD';
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

const cache = new Map<string, Intl.DateTimeFormat>();
const formatter = (zone: string, options: Intl.DateTimeFormatOptions) => {
  const key = `${zone}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', { ...options, timeZone: zone });
    } catch {
      format = new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
    }
    cache.set(key, format);
  }
  return format;
};

const DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };
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
  /** the calendar date of a moment in the company's zone (YYYY-MM-DD) */
  dayOf: (value: string | number | Date) => string;
  money: (value: string | number | null | undefined) => string;
}

export function formatters(zone: string): Formatters {
  return {
    zone,
    date: (value) => {
      if (!value) return EMPTY;
      const date = instant(`${value.slice(0, 10)}T00:00:00Z`);
      return date ? formatter('UTC', DATE).format(date) : value;
    },
    dateTime: (value) => {
      const date = instant(value);
      return date ? formatter(zone, { ...DATE, ...TIME }).format(date) : EMPTY;
    },
    time: (value) => {
      const date = instant(value);
      return date ? formatter(zone, TIME).format(date) : EMPTY;
    },
    clock: (value) => {
      const match = /^(\d{2}):(\d{2})/.exec(value ?? '');
      if (!match) return value || EMPTY;
      return formatter('UTC', TIME).format(new Date(Date.UTC(2000, 0, 1, Number(match[1]), Number(match[2]))));
    },
    dayOf: (value) => {
      const parts = formatter(zone, { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(instant(value) ?? new Date());
      const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
      return `${part('year')}-${part('month')}-${part('day')}`;
    },
    money: (value) => formatMoney(value),
  };
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
      format = new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 });
    } catch {
      format = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    }
    moneyFormats.set(currency, format);
  }
  return format.format(n);
}

/** The signed-in user's company time zone (the browser's where the account has no company). */
export const useCompanyZone = (): string => useSession().user?.time_zone || browserZone();

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
  return `${new Intl.NumberFormat('en-US').format(Math.round(metres / 1000))} km`;
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
  if (cents.length > 2) return Number(value).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${match[1]}${match[2].replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}

/** A percentage as a whole number (`112.5` → `113%`). */
export function formatPercent(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  const n = Number(value);
  return Number.isFinite(n) ? `${Math.round(n)}%` : String(value);
}
