import { normalizePercentage } from './dto/payroll-settings.dto';
import { assertBrackets } from './payroll-settings.service';
import { formatAmount } from './payslip.pdf';

const band = (lower_bound: string, upper_bound: string | null, rate = '10.00') => ({ lower_bound, upper_bound, rate });

describe('assertBrackets', () => {
  it('accepts contiguous bands from 0 with an open last band, and an empty table', () => {
    expect(() => assertBrackets([band('0.00', '1000.00'), band('1000.00', null)])).not.toThrow();
    expect(() => assertBrackets([])).not.toThrow();
  });

  it.each([
    [[band('5.00', null)], 'brackets.0.lower_bound', 'The first tax band must start at 0'],
    [[band('0.00', '100.00'), band('200.00', null)], 'brackets.1.lower_bound', 'Each tax band must start where the previous one ends'],
    [[band('0.00', null), band('100.00', null)], 'brackets.0.upper_bound', 'Only the last tax band may have no upper bound'],
    [[band('0.00', '100.00')], 'brackets.0.upper_bound', 'The last tax band must have no upper bound'],
    [[band('0.00', '0.00'), band('0.00', null)], 'brackets.0.upper_bound', 'Upper bound must be above the lower bound'],
  ])('refuses %j naming %s', (brackets, field, message) => {
    try {
      assertBrackets(brackets);
      throw new Error('accepted');
    } catch (e) {
      expect((e as { getResponse(): unknown }).getResponse()).toMatchObject({ message, errors: [{ field, message }] });
    }
  });
});

describe('normalizePercentage', () => {
  it.each([
    [10, '10.0000'],
    ['5.5', '5.5000'],
    ['100', '100.0000'],
    ['', ''],
    ['12.34567', '12.34567'],
  ])('%p → %p', (input, output) => expect(normalizePercentage(input)).toBe(output));
});

describe('formatAmount', () => {
  it('groups thousands and keeps two decimals without floats', () => {
    expect(formatAmount('1234567.5')).toBe('1,234,567.50');
    expect(formatAmount('0.00')).toBe('0.00');
    expect(formatAmount('-12.30')).toBe('-12.30');
  });
});
