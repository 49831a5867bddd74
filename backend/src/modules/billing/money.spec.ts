import { divideHalfUp, fromCents, prorate, taxOf, toCents } from './money';

describe('money', () => {
  it('reads and writes numeric text exactly', () => {
    expect(toCents('79.00')).toBe(7900n);
    expect(toCents('0.1')).toBe(10n);
    expect(toCents('-12.34')).toBe(-1234n);
    expect(toCents('1234567890.99')).toBe(123456789099n);
    expect(toCents(49)).toBe(4900n);
    expect(toCents('0.005')).toBe(1n);
    expect(fromCents(-5n)).toBe('-0.05');
    expect(fromCents(123456789099n)).toBe('1234567890.99');
    expect(() => toCents('12,5')).toThrow();
  });

  it('rounds half away from zero', () => {
    expect(divideHalfUp(5n, 2n)).toBe(3n);
    expect(divideHalfUp(-5n, 2n)).toBe(-3n);
    expect(divideHalfUp(4n, 3n)).toBe(1n);
    expect(divideHalfUp(5n, 3n)).toBe(2n);
  });

  it('prorates a price over the days left of a period', () => {
    // 79.00 for 17 of 30 days = 44.7666… → 44.77
    expect(fromCents(prorate(7900n, 17, 30))).toBe('44.77');
    // 29.00 for 15 of 31 days = 14.0322… → 14.03
    expect(fromCents(prorate(2900n, 15, 31))).toBe('14.03');
    expect(fromCents(prorate(7900n, 30, 30))).toBe('79.00');
    expect(fromCents(prorate(7900n, 0, 30))).toBe('0.00');
  });

  it('taxes a subtotal at a percent rate', () => {
    expect(fromCents(taxOf(4477n, '7.25'))).toBe('3.25'); // 3.245825 → 3.25
    expect(fromCents(taxOf(10000n, '0'))).toBe('0.00');
    expect(fromCents(taxOf(-1003n, '10'))).toBe('-1.00'); // -1.003
    expect(fromCents(taxOf(1005n, '10'))).toBe('1.01'); // 1.005 → 1.01
  });
});
