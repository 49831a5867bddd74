import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../schema/format';
import { lastDay, periodText } from './money';

/** Intl writes thin spaces around the dash */
const spaced = (text: string) => text.replace(/\s/gu, ' ');

describe('how Billing writes an invoice', () => {
  it('a period ends the day before the API’s period_end, written as one range', () => {
    expect(lastDay('2026-12-26')).toBe('2026-12-25');
    expect(lastDay('2027-03-01')).toBe('2027-02-28');
    expect(spaced(periodText('2026-11-26', '2026-12-26'))).toBe('Nov 26 – Dec 25, 2026');
    expect(spaced(periodText('2026-12-26', '2027-01-26'))).toBe('Dec 26, 2026 – Jan 25, 2027');
  });

  it('amounts in the invoice’s currency', () => {
    expect(formatMoney('79.00', 'USD')).toBe('$79.00');
    expect(formatMoney('1234.5', 'EUR')).toBe('€1,234.50');
    expect(formatMoney(null)).toBe('—');
  });
});
