import { periodRange } from './bonus-payments.service';
import { assertPeriod } from './period';
import { dec, SqlWhere } from './sql-list';

describe('KPI periods and list filters', () => {
  it('accepts a period ending on or after its start, within the day limit', () => {
    expect(() => assertPeriod('2026-01-01', '2026-01-01', 'end', 'start', 366)).not.toThrow();
    expect(() => assertPeriod('2026-01-01', '2026-12-31', 'end', 'start', 366)).not.toThrow();
    expect(() => assertPeriod('2026-01-02', '2026-01-01', 'end', 'start')).toThrow('End must not be before the start');
    expect(() => assertPeriod('2026-01-01', '2027-01-02', 'end', 'start', 366)).toThrow('The period may span at most 366 days');
  });

  it('reads the bonus list period as a month or a year in which the payment period ends', () => {
    expect(periodRange('2026-02')).toEqual(['2026-02-01', '2026-02-28']);
    expect(periodRange('2024-02')).toEqual(['2024-02-01', '2024-02-29']);
    expect(periodRange('2026-12')).toEqual(['2026-12-01', '2026-12-31']);
    expect(periodRange(2026)).toEqual(['2026-01-01', '2026-12-31']);
    for (const bad of ['2026-13', '0000-01', '26-01', 'February', '', null]) {
      expect(() => periodRange(bad)).toThrow('The period filter must be a month (YYYY-MM) or a year (YYYY)');
    }
  });

  it('binds the company first and turns ids past the int4 range into no match', () => {
    const where = new SqlWhere('x.company_id', 7).ids('x.id', [3, 99999999999], 'id').date('x.day >= ?', '2026-01-31', 'from');
    expect(where.sql).toBe('x.company_id = ? and x.id in (select value::int from json_array_elements_text(?::json)) and x.day >= ?');
    expect(where.params).toEqual([7, '[3,-1]', '2026-01-31']);
    expect(() => new SqlWhere('x.company_id', 7).date('x.day >= ?', '2026-02-30', 'from')).toThrow('The from filter must be a date (YYYY-MM-DD)');
    expect(() => new SqlWhere('x.company_id', 7).oneOf('x.status', 'late', ['paid'], 'status')).toThrow('The status filter must be one of paid');
  });

  it('reads numeric columns back as 2-decimal strings', () => {
    expect([dec('12'), dec('12.5'), dec('-3.4'), dec(null)]).toEqual(['12.00', '12.50', '-3.40', null]);
  });
});
