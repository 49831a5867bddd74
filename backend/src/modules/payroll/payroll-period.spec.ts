import { monthPeriod, periodOf } from './payroll-period';

describe('monthPeriod', () => {
  it('spans the calendar month, leap years included', () => {
    expect(monthPeriod(2028, 2)).toMatchObject({ start: '2028-02-01', end: '2028-02-29', label: 'February 2028' });
    expect(monthPeriod(2026, 12)).toMatchObject({ start: '2026-12-01', end: '2026-12-31' });
  });

  it.each([
    [2026, 0, /month must be/],
    [2026, 13, /month must be/],
    [1999, 5, /year must be/],
    [2026.5, 5, /year must be/],
  ])('refuses year %p month %p naming the field', (year, month, message) => {
    expect(() => monthPeriod(year, month)).toThrow(message);
  });

  it('finds the period of a stored start date', () => {
    expect(periodOf('2026-03-01')).toMatchObject({ year: 2026, month: 3, end: '2026-03-31' });
  });
});
