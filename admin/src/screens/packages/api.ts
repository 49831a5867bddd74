/** Wire types of /api/packages (see openapi PackageResponseDto, PackageDetailDto, FeatureResponseDto). */
export const FEATURE_MODULES = ['hr', 'face', 'monitoring', 'kpi', 'api', 'support'] as const;
export const FEATURE_TYPES = ['core', 'premium', 'addon'] as const;

export interface IncludedFeature {
  id: number;
  feature_code: string;
  feature_name: string;
  module: string;
}

export interface Package {
  id: number;
  package_code: string;
  package_name: string;
  description: string | null;
  monthly_price: string;
  annual_price: string;
  max_employees: number;
  max_admins: number;
  trial_days: number;
  is_popular: boolean;
  sort_order: number;
  is_active: boolean;
  companies_count: number;
  included_features: IncludedFeature[];
}

export interface PackageFeatureLink {
  feature_id: number;
  feature_code: string;
  feature_name: string;
  description: string | null;
  module: string;
  feature_type: string;
  is_active: boolean;
  is_included: boolean;
}

export interface PackageDetail extends Package {
  features: PackageFeatureLink[];
}

export const PACKAGES = 'packages/packages';

/** "$29" or "$29.50" */
export const dollars = (amount: string | number) => {
  const n = Number(amount);
  return `$${Number.isInteger(n) ? n.toLocaleString('en-US') : n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
};

export const AMOUNT = /^\d{1,8}(\.\d{1,2})?$/;
