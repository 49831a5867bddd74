/**
 * Exact money in cents (bigint): amounts arrive and leave as the database's numeric text. Rounding
 * is half-up on the magnitude (half away from zero), like PostgreSQL's round(numeric) that payroll
 * uses, so a credit and a charge of the same size round alike.
 */
const AMOUNT = /^(-)?(\d+)(?:\.(\d+))?$/;

export function toCents(amount: string | number): bigint {
  const m = AMOUNT.exec(String(amount).trim());
  if (!m) throw new Error(`not an amount: ${amount}`);
  const fraction = (m[3] ?? '').padEnd(3, '0');
  // a third decimal rounds half-up (numeric(…, 2) columns never have one)
  let cents = BigInt(m[2]) * 100n + BigInt(fraction.slice(0, 2)) + (Number(fraction[2]) >= 5 ? 1n : 0n);
  if (m[1]) cents = -cents;
  return cents;
}

export function fromCents(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  return `${negative ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** numerator / denominator rounded half away from zero. */
export function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new Error('denominator must be positive');
  const negative = numerator < 0n;
  const abs = negative ? -numerator : numerator;
  const q = (abs * 2n + denominator) / (denominator * 2n);
  return negative ? -q : q;
}

/** The part of a period's price for `days` of its `periodDays`, to the cent. */
export function prorate(priceCents: bigint, days: number, periodDays: number): bigint {
  return divideHalfUp(priceCents * BigInt(days), BigInt(periodDays));
}

/** Tax at a percent rate ("7.25") on a subtotal, to the cent. */
export function taxOf(subtotalCents: bigint, rate: string): bigint {
  // the rate in hundredths of a percent: 7.25 % → 725 / 10 000
  return divideHalfUp(subtotalCents * toCents(rate), 10_000n);
}
