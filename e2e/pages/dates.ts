/** Calendar days as the tests pick and the console writes them. */

export const iso = (d: Date) => d.toISOString().slice(0, 10);

/** A calendar day as the console writes it: 2026-12-28 → Dec 28, 2026. */
export const inWords = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** Monday to Wednesday of a week this year, `weeksAhead` weeks after next Monday (three working days; the demo has no holidays). */
export function weekThisYear(weeksAhead: number): { start: string; end: string } {
  const now = new Date();
  const monday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  monday.setUTCDate(monday.getUTCDate() + ((8 - monday.getUTCDay()) % 7 || 7) + 7 * weeksAhead);
  // late in December the week may fall into next year: take one earlier in the year instead
  while (monday.getUTCFullYear() !== now.getUTCFullYear() || new Date(monday.getTime() + 2 * 86400000).getUTCFullYear() !== now.getUTCFullYear()) {
    monday.setUTCDate(monday.getUTCDate() - 28);
  }
  return { start: iso(monday), end: iso(new Date(monday.getTime() + 2 * 86400000)) };
}
