import { Company } from '../../src/modules/companies/company.entity';
import { Feature } from '../../src/modules/packages/feature.entity';
import { Package } from '../../src/modules/packages/package.entity';
import { PackageFeature } from '../../src/modules/packages/package-feature.entity';
import type { TestApp } from './app';
import { unique } from './fixtures';

/** Puts the company on a new package with these limits and features (feature codes = module keys). */
export async function usePackage(
  t: TestApp,
  company: Company,
  opts: { max_employees?: number; features?: string[] } = {},
): Promise<Package> {
  const em = t.em();
  const code = unique('pkg').toLowerCase();
  const pkg = em.create(Package, {
    package_code: code,
    package_name: `Package ${code}`,
    monthly_price: '10.00',
    annual_price: '100.00',
    max_employees: opts.max_employees ?? -1,
  });
  const features = await em.find(Feature, {
    feature_code: { $in: opts.features ?? ['employees', 'departments', 'positions', 'settings'] },
  });
  for (const feature of features) em.create(PackageFeature, { package: pkg, feature, is_included: true });
  await em.flush();
  await em.nativeUpdate(Company, { id: company.id }, { package: pkg.id, subscription_plan: code });
  return pkg;
}
