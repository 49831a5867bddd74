import { fieldLabel, fieldWords } from '../../common/http/fields';
import { badRequest } from '../../common/http/errors';

const DAY = 86_400_000;

/** A target, value or calculation period spans at most a year (a yearly KPI's period). */
export const MAX_PERIOD_DAYS = 366;

/** Dates compare as text (YYYY-MM-DD); the end may not be before the start. */
export function assertPeriod(start: string, end: string, endField: string, startField: string, maxDays?: number): void {
  if (end < start) throw badRequest(`${fieldLabel(endField)} must not be before the ${fieldWords(startField)}`, endField);
  if (maxDays !== undefined) {
    const days = (Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY + 1;
    if (days > maxDays) throw badRequest(`The period may span at most ${maxDays} days`, endField);
  }
}
