import { PlanService } from '../permissions/plan.service';
import type { CompanyResponseDto } from './dto/company.dto';
import type { Company } from './company.entity';

export interface CompanyCounts {
  users: number;
  employees: number;
  admins: number;
}

/** The company as the API shows it; `company.package` must be loaded. */
export function toCompanyResponse(c: Company, counts: CompanyCounts): CompanyResponseDto {
  return {
    id: c.id,
    company_name: c.company_name,
    company_code: c.company_code,
    industry: c.industry ?? null,
    email: c.email ?? null,
    phone: c.phone ?? null,
    address: c.address ?? null,
    website: c.website ?? null,
    time_zone: c.time_zone,
    package_id: c.package.id,
    package: {
      id: c.package.id,
      package_code: c.package.package_code,
      package_name: c.package.package_name,
      monthly_price: c.package.monthly_price,
    },
    subscription_plan: c.subscription_plan,
    subscription_status: c.subscription_status,
    trial_ends_at: c.trial_ends_at ?? null,
    subscription_state: PlanService.stateOf(c.subscription_status, c.trial_ends_at ?? null),
    billing_status: c.billing_status,
    billing_cycle: c.billing_cycle,
    current_period_end: c.current_period_end ?? null,
    tax_rate: c.tax_rate,
    users_count: counts.users,
    employees_count: counts.employees,
    admins_count: counts.admins,
    created_at: c.created_at,
    updated_at: c.updated_at,
  };
}
