import { DateTime } from 'luxon';
import type { BillingCycle, BillingStatus, Company, SubscriptionStatus } from '../companies/company.entity';
import type { Package } from '../packages/package.entity';

/** Puts a company on a package; subscription_plan mirrors the package's code. */
export function assignPackage(company: Company, pkg: Package): void {
  company.package = pkg;
  company.subscription_plan = pkg.package_code;
}

/** The spec's subscription_status (which the 402 rule reads) for a billing status. */
export function subscriptionStatusOf(status: BillingStatus): SubscriptionStatus {
  return status === 'suspended' || status === 'cancelled' ? status : 'active';
}

/** The billing status that follows a subscription_status set by the platform. */
export function billingStatusFor(status: SubscriptionStatus, company: Pick<Company, 'billing_status' | 'trial_ends_at'>): BillingStatus {
  if (status !== 'active') return status;
  if (company.billing_status === 'trialing' || company.billing_status === 'past_due') return company.billing_status;
  return company.trial_ends_at ? 'trialing' : 'active';
}

export function setBillingStatus(company: Company, status: BillingStatus): void {
  company.billing_status = status;
  company.subscription_status = subscriptionStatusOf(status);
}

/** The end of a period starting on `start` (exclusive): a month or a year later, clamped to the month's end. */
export function periodEnd(start: string, cycle: BillingCycle): string {
  return DateTime.fromISO(start, { zone: 'utc' })
    .plus(cycle === 'annual' ? { years: 1 } : { months: 1 })
    .toISODate()!;
}

export const addDays = (date: string, days: number): string =>
  DateTime.fromISO(date, { zone: 'utc' }).plus({ days }).toISODate()!;

export const daysBetween = (from: string, to: string): number =>
  Math.round(DateTime.fromISO(to, { zone: 'utc' }).diff(DateTime.fromISO(from, { zone: 'utc' }), 'days').days);

/** The company's calendar day at `now`, in its time zone (an unknown zone reads as UTC). */
export function companyToday(zone: string, now: Date): string {
  const local = DateTime.fromJSDate(now).setZone(zone);
  return (local.isValid ? local : DateTime.fromJSDate(now).setZone('utc')).toISODate()!;
}

/** The price of a package for a billing cycle. */
export const priceOf = (pkg: Pick<Package, 'monthly_price' | 'annual_price'>, cycle: BillingCycle): string =>
  cycle === 'annual' ? pkg.annual_price : pkg.monthly_price;

/** "2026-12-10" → "10 December 2026", for messages and e-mails. */
export const inWords = (date: string): string => DateTime.fromISO(date, { zone: 'utc' }).toFormat('d LLLL yyyy');
