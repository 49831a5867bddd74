import { describe, expect, it } from 'vitest';
import { employeesMessages } from './messages.en';
import { perPeriodText, rangeWarning } from './salary';

/** The English catalogue's text of a key under `employees.`, with its %{placeholders} filled. */
const translate = (key: string, options: Record<string, unknown> = {}) => {
  const text = key
    .replace(/^employees\./, '')
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], employeesMessages);
  return String(text ?? key).replace(/%\{(\w+)\}/g, (_, name: string) => String(options[name]));
};

describe('the annual salary on the employee form', () => {
  it('says what one payment of the chosen frequency comes to', () => {
    expect(perPeriodText(translate, 4200, 'monthly', 'USD')).toBe("A year's gross pay: ≈ $350.00 per month");
    expect(perPeriodText(translate, '4200.00', 'weekly', 'USD')).toBe("A year's gross pay: ≈ $80.77 per week");
    expect(perPeriodText(translate, 52000, 'biweekly', 'EUR')).toBe("A year's gross pay: ≈ €2,000.00 every two weeks");
    expect(perPeriodText(translate, 48000, 'semi_monthly', 'usd')).toBe("A year's gross pay: ≈ $2,000.00 twice a month");
    expect(perPeriodText(translate, '', 'monthly', 'USD')).toBe('');
  });

  it("warns, in words, of an amount outside the position's range; nothing within it or without a range", () => {
    const accountant = { position_title: 'Accountant', min_salary: '50000.00', max_salary: '90000.00' };
    expect(rangeWarning(translate, 4200, 'USD', accountant)).toBe('Below the salary range of Accountant ($50,000.00 – $90,000.00). You can still save it.');
    expect(rangeWarning(translate, 95000, 'USD', accountant)).toBe('Above the salary range of Accountant ($50,000.00 – $90,000.00). You can still save it.');
    expect(rangeWarning(translate, 50000, 'USD', accountant)).toBeNull();
    expect(rangeWarning(translate, 10, 'USD', { position_title: 'Clerk', min_salary: '100.00', max_salary: null })).toBe(
      'Below the salary range of Clerk (at least $100.00). You can still save it.',
    );
    expect(rangeWarning(translate, 10, 'USD', { position_title: 'Clerk', min_salary: null, max_salary: null })).toBeNull();
    expect(rangeWarning(translate, null, 'USD', accountant)).toBeNull();
    expect(rangeWarning(translate, 10, 'USD', undefined)).toBeNull();
  });
});
