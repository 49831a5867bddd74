import type { components } from '../../../../openapi/schema';
/** Wire types of /api/auth/companies (see openapi CompanyResponseDto). */
export type SubscriptionStatus = 'active' | 'suspended' | 'cancelled';
export type SubscriptionState = 'active' | 'trial' | 'trial_ended' | 'suspended' | 'cancelled';

export interface Company {
  id: number;
  company_name: string;
  company_code: string;
  industry: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  website: string | null;
  time_zone: string;
  package_id: number;
  package: { id: number; package_code: string; package_name: string; monthly_price: string };
  subscription_plan: string;
  subscription_status: SubscriptionStatus;
  trial_ends_at: string | null;
  subscription_state: SubscriptionState;
  users_count: number;
  employees_count: number;
  admins_count: number;
  created_at: string;
}

export const COMPANIES = 'auth/companies';

/** A company's request for a paid package. */
export type PlanRequest = components['schemas']['PlanRequestResponseDto'];

export const PLAN_REQUESTS = 'packages/plan-requests';

/** The industries of platform.md section 3. */
export const INDUSTRIES = [
  'Technology',
  'Healthcare',
  'Finance',
  'Manufacturing',
  'Retail',
  'Education',
  'Construction',
  'Consulting',
  'Real Estate',
  'Hospitality',
  'Transportation',
  'Other',
] as const;

export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PHONE = /^\+?[0-9 ().-]{3,50}$/;
export const isUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};
