import type { EntityManager } from '@mikro-orm/postgresql';
import { DateTime } from 'luxon';
import { companyToday, periodEnd } from '../../modules/billing/subscription-state';
import { Company } from '../../modules/companies/company.entity';
import { Package } from '../../modules/packages/package.entity';

/** The months a demo company has been billed for, the current one included. */
export const DEMO_BILLED_MONTHS = 3;

type CompanyDetails = Pick<Company, 'company_name' | 'company_code' | 'industry' | 'email' | 'phone' | 'address' | 'website' | 'time_zone'>;

/**
 * A demo company on `packageCode`, active and billed monthly from its own today. It joined on
 * the first day of its first billed month, so the platform's analytics show its history.
 */
export async function createDemoCompany(em: EntityManager, packageCode: string, details: CompanyDetails, now: Date): Promise<Company> {
  const pkg = await em.findOneOrFail(Package, { package_code: packageCode });
  const company = em.create(Company, {
    ...details,
    package: pkg,
    subscription_plan: pkg.package_code,
    subscription_status: 'active',
    billing_status: 'active',
    billing_cycle: 'monthly',
  });
  company.current_period_start = companyToday(company.time_zone, now);
  company.current_period_end = periodEnd(company.current_period_start, 'monthly');
  company.created_at = DateTime.fromISO(company.current_period_start, { zone: company.time_zone })
    .minus({ months: DEMO_BILLED_MONTHS - 1 })
    .set({ hour: 9 })
    .toJSDate();
  return company;
}
