import { PlanService } from '../permissions/plan.service';
import type {
  FeatureResponseDto,
  IncludedFeatureDto,
  PackageDetailDto,
  PackageFeatureLinkDto,
  PackageResponseDto,
  PublicPackageDto,
} from './dto/package.dto';
import type { Feature } from './feature.entity';
import type { Package } from './package.entity';

export const toFeatureResponse = (f: Feature): FeatureResponseDto => ({
  id: f.id,
  feature_code: f.feature_code,
  feature_name: f.feature_name,
  description: f.description ?? null,
  module: f.module,
  feature_type: f.feature_type,
  is_active: f.is_active,
  grants_module: PlanService.grantedKey(f.feature_code),
  created_at: f.created_at,
});

export const toIncludedFeature = (f: Feature): IncludedFeatureDto => ({
  id: f.id,
  feature_code: f.feature_code,
  feature_name: f.feature_name,
  module: f.module,
});

export function toPackageResponse(p: Package, included: Feature[], companiesCount: number): PackageResponseDto {
  return {
    id: p.id,
    package_code: p.package_code,
    package_name: p.package_name,
    description: p.description ?? null,
    monthly_price: p.monthly_price,
    annual_price: p.annual_price,
    max_employees: p.max_employees,
    max_admins: p.max_admins,
    trial_days: p.trial_days,
    is_popular: p.is_popular,
    sort_order: p.sort_order,
    is_active: p.is_active,
    companies_count: companiesCount,
    included_features: included.map(toIncludedFeature),
    created_at: p.created_at,
    updated_at: p.updated_at,
  };
}

export function toPackageDetail(
  p: Package,
  catalogue: Feature[],
  inclusion: Map<number, boolean>,
  companiesCount: number,
): PackageDetailDto {
  const included = catalogue.filter((f) => f.is_active && inclusion.get(f.id));
  const features: PackageFeatureLinkDto[] = catalogue.map((f) => ({
    feature_id: f.id,
    feature_code: f.feature_code,
    feature_name: f.feature_name,
    description: f.description ?? null,
    module: f.module,
    feature_type: f.feature_type,
    is_active: f.is_active,
    is_included: inclusion.get(f.id) ?? false,
  }));
  return { ...toPackageResponse(p, included, companiesCount), features };
}

export const toPublicPackage = (p: Package, included: Feature[]): PublicPackageDto => ({
  id: p.id,
  package_code: p.package_code,
  package_name: p.package_name,
  description: p.description ?? null,
  monthly_price: p.monthly_price,
  annual_price: p.annual_price,
  trial_days: p.trial_days,
  max_employees: p.max_employees,
  max_admins: p.max_admins,
  is_popular: p.is_popular,
  sort_order: p.sort_order,
  included_features: included.map((f) => ({ feature_code: f.feature_code, feature_name: f.feature_name })),
});
