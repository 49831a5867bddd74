/** Below this a distance is told in whole metres, from it in whole kilometres. */
const KM_FROM = 100_000;

/**
 * A distance for a message, with its unit: whole metres without separators below 100 km
 * ("21412 m"), whole kilometres with thousands separators from there ("5,570 km").
 */
export function formatDistance(metres: number): string {
  if (Math.abs(metres) < KM_FROM) return `${Math.round(metres)} m`;
  return `${Math.round(metres / 1000).toLocaleString('en-US')} km`;
}

const UNITS: Array<[name: string, seconds: number]> = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
  ['second', 1],
];

const count = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/**
 * A duration in words for a message: "45 seconds", "15 minutes", "1 hour 30 minutes",
 * "2 days 3 hours". Seconds are named only under a minute: above it the duration is rounded up to
 * the minute, so a wait is never told shorter than it is.
 */
export function formatDuration(totalSeconds: number): string {
  let rest = Math.max(0, Math.ceil(totalSeconds));
  if (rest >= 60) rest = Math.ceil(rest / 60) * 60;
  if (rest === 0) return count(0, 'second');
  const parts: string[] = [];
  for (const [unit, size] of UNITS) {
    const n = Math.floor(rest / size);
    if (n) parts.push(count(n, unit));
    rest -= n * size;
  }
  return parts.join(' ');
}

export const formatMinutes = (minutes: number) => formatDuration(minutes * 60);
export const formatHours = (hours: number) => formatDuration(hours * 3_600);
