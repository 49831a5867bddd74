import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { FilterQuery } from '@mikro-orm/core';
import { badRequest, conflict, notFound, unprocessable } from '../../common/http/errors';
import { escapeLike } from '../../common/http/fields';
import type { ListQuery } from '../../common/http/list-query';
import type {
  CreateFeatureDto,
  CreatePackageDto,
  PackageDetailDto,
  PackageResponseDto,
  PublicPackageDto,
  SetPackageFeaturesDto,
  UpdateFeatureDto,
  UpdatePackageDto,
} from './dto/package.dto';
import { Feature } from './feature.entity';
import { PackageFeature } from './package-feature.entity';
import { Package } from './package.entity';
import { toPackageDetail, toPackageResponse, toPublicPackage } from './packages.mapper';

/** The fields an update sent (an absent field stays unchanged). */
const definedOnly = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

const limitText = (n: number) => (n === -1 ? 'unlimited' : String(n));

export interface CompanyUsage {
  /** employees not terminated */
  employees: number;
  /** active company_admin accounts */
  admins: number;
  /** bytes of the files the company stores (leave attachments) */
  files_bytes: number;
}

/** The package catalogue: packages, features and which package includes which feature. */
@Injectable()
export class PackagesService {
  constructor(private readonly em: EntityManager) {}

  // ---- packages

  async list(q: ListQuery): Promise<[PackageResponseDto[], number]> {
    const where: FilterQuery<Package> = {};
    if (typeof q.filter.q === 'string') {
      const like = `%${escapeLike(q.filter.q)}%`;
      where.$or = [{ package_name: { $ilike: like } }, { package_code: { $ilike: like } }, { description: { $ilike: like } }];
    }
    if (q.filter.is_active !== undefined) where.is_active = q.filter.is_active === true || q.filter.is_active === 'true';
    const [packages, total] = await this.em.findAndCount(Package, where, {
      orderBy: { [q.sort.field]: q.sort.order, id: 'ASC' },
      offset: q.offset,
      limit: q.limit,
    });
    const [included, counts] = await Promise.all([this.includedFeatures(packages), this.companyCounts(packages)]);
    return [packages.map((p) => toPackageResponse(p, included.get(p.id) ?? [], counts.get(p.id) ?? 0)), total];
  }

  async publicList(): Promise<PublicPackageDto[]> {
    const packages = await this.em.find(Package, { is_active: true }, { orderBy: { sort_order: 'ASC', id: 'ASC' } });
    const included = await this.includedFeatures(packages);
    return packages.map((p) => toPublicPackage(p, included.get(p.id) ?? []));
  }

  async get(id: number): Promise<Package> {
    const pkg = await this.em.findOne(Package, { id });
    if (!pkg) throw notFound('Package');
    return pkg;
  }

  async detail(id: number): Promise<PackageDetailDto> {
    const pkg = await this.get(id);
    const [catalogue, links, counts] = await Promise.all([
      this.em.find(Feature, {}, { orderBy: { module: 'ASC', feature_name: 'ASC', id: 'ASC' } }),
      this.em.find(PackageFeature, { package: pkg.id }),
      this.companyCounts([pkg]),
    ]);
    const inclusion = new Map(links.map((l) => [l.feature.id, l.is_included]));
    return toPackageDetail(pkg, catalogue, inclusion, counts.get(pkg.id) ?? 0);
  }

  async create(dto: CreatePackageDto): Promise<PackageDetailDto> {
    await this.assertCodeFree(Package, 'package_code', dto.package_code, 'A package with this code already exists');
    const pkg = this.em.create(Package, {
      package_code: dto.package_code,
      package_name: dto.package_name,
      description: dto.description ?? null,
      monthly_price: dto.monthly_price,
      annual_price: dto.annual_price,
      max_employees: dto.max_employees ?? 50,
      max_admins: dto.max_admins ?? 5,
      trial_days: dto.trial_days ?? 0,
      is_popular: dto.is_popular ?? false,
      sort_order: dto.sort_order ?? 0,
      is_active: dto.is_active ?? true,
    });
    await this.em.flush();
    return this.detail(pkg.id);
  }

  async update(id: number, dto: UpdatePackageDto): Promise<PackageDetailDto> {
    const pkg = await this.get(id);
    const { package_code, ...changes } = dto;
    if (package_code !== undefined && package_code !== pkg.package_code) {
      throw badRequest('Package code cannot be changed after the package is created', 'package_code');
    }
    if (changes.max_employees !== undefined || changes.max_admins !== undefined) {
      await this.assertCompaniesFit(pkg.id, {
        max_employees: changes.max_employees ?? pkg.max_employees,
        max_admins: changes.max_admins ?? pkg.max_admins,
      });
    }
    this.em.assign(pkg, definedOnly(changes));
    await this.em.flush();
    return this.detail(pkg.id);
  }

  async remove(id: number): Promise<void> {
    const pkg = await this.get(id);
    const used = (await this.companyCounts([pkg])).get(pkg.id) ?? 0;
    if (used > 0) {
      throw conflict(
        `This package is used by ${used} ${used === 1 ? 'company' : 'companies'}. Move them to another package first.`,
      );
    }
    await this.em.transactional(async (em) => {
      await em.nativeDelete(PackageFeature, { package: pkg.id });
      await em.nativeDelete(Package, { id: pkg.id });
    });
  }

  /** Includes or excludes each listed feature; features not listed keep their state. */
  async setFeatures(id: number, dto: SetPackageFeaturesDto): Promise<PackageDetailDto> {
    const pkg = await this.get(id);
    const wanted = new Map<number, boolean>();
    for (const item of dto.features) wanted.set(item.feature_id, item.is_included);
    const ids = [...wanted.keys()];
    await this.em.transactional(async (em) => {
      const features = ids.length ? await em.find(Feature, { id: { $in: ids } }) : [];
      const missing = ids.filter((fid) => !features.some((f) => f.id === fid));
      if (missing.length) throw badRequest(`Feature ${missing[0]} does not exist`, 'features');
      const links = ids.length ? await em.find(PackageFeature, { package: pkg.id, feature: { $in: ids } }) : [];
      for (const feature of features) {
        const link = links.find((l) => l.feature.id === feature.id);
        if (link) link.is_included = wanted.get(feature.id)!;
        else em.create(PackageFeature, { package: pkg, feature, is_included: wanted.get(feature.id)! });
      }
    });
    return this.detail(pkg.id);
  }

  // ---- features

  async listFeatures(q: ListQuery): Promise<[Feature[], number]> {
    const where: FilterQuery<Feature> = {};
    if (typeof q.filter.q === 'string') {
      const like = `%${escapeLike(q.filter.q)}%`;
      where.$or = [{ feature_name: { $ilike: like } }, { feature_code: { $ilike: like } }, { description: { $ilike: like } }];
    }
    for (const key of ['module', 'feature_type'] as const) {
      if (typeof q.filter[key] === 'string') (where as Record<string, unknown>)[key] = q.filter[key];
    }
    if (q.filter.is_active !== undefined) where.is_active = q.filter.is_active === true || q.filter.is_active === 'true';
    return this.em.findAndCount(Feature, where, {
      orderBy: { [q.sort.field]: q.sort.order, id: 'ASC' },
      offset: q.offset,
      limit: q.limit,
    });
  }

  async getFeature(id: number): Promise<Feature> {
    const feature = await this.em.findOne(Feature, { id });
    if (!feature) throw notFound('Feature');
    return feature;
  }

  async createFeature(dto: CreateFeatureDto): Promise<Feature> {
    await this.assertCodeFree(Feature, 'feature_code', dto.feature_code, 'A feature with this code already exists');
    const feature = this.em.create(Feature, {
      feature_code: dto.feature_code,
      feature_name: dto.feature_name,
      description: dto.description ?? null,
      module: dto.module,
      feature_type: dto.feature_type,
      is_active: dto.is_active ?? true,
    });
    await this.em.flush();
    return feature;
  }

  async updateFeature(id: number, dto: UpdateFeatureDto): Promise<Feature> {
    const feature = await this.getFeature(id);
    const { feature_code, ...changes } = dto;
    if (feature_code !== undefined && feature_code !== feature.feature_code) {
      throw badRequest('Feature code cannot be changed after the feature is created', 'feature_code');
    }
    this.em.assign(feature, definedOnly(changes));
    await this.em.flush();
    return feature;
  }

  async removeFeature(id: number): Promise<void> {
    const feature = await this.getFeature(id);
    // its package links go with it (on delete cascade)
    await this.em.nativeDelete(Feature, { id: feature.id });
  }

  // ---- usage and limits

  async usage(companyId: number): Promise<CompanyUsage> {
    const [row]: Array<{ employees: string; admins: string; files_bytes: string }> = await this.em.execute(
      `select (select count(*) from employees where company_id = ? and employment_status <> 'terminated') as employees,
              (select count(*) from users where company_id = ? and role = 'company_admin' and is_active) as admins,
              (select coalesce(sum(size_bytes), 0) from leave_attachments where company_id = ?) as files_bytes`,
      [companyId, companyId, companyId],
    );
    return { employees: Number(row.employees), admins: Number(row.admins), files_bytes: Number(row.files_bytes) };
  }

  /** A company moving to a package must fit in its limits (422 naming the limit otherwise). */
  async assertFits(companyId: number, limits: { max_employees: number; max_admins: number }, packageName?: string) {
    const usage = await this.usage(companyId);
    const name = packageName ? `The ${packageName} package` : 'The package';
    if (limits.max_employees !== -1 && usage.employees > limits.max_employees) {
      throw unprocessable(
        `${name} allows at most ${limitText(limits.max_employees)} employees; the company has ${usage.employees}`,
        'package_id',
      );
    }
    if (limits.max_admins !== -1 && usage.admins > limits.max_admins) {
      throw unprocessable(
        `${name} allows at most ${limitText(limits.max_admins)} admins; the company has ${usage.admins}`,
        'package_id',
      );
    }
  }

  /** Lowering a package's limits must leave every company on it within them. */
  private async assertCompaniesFit(packageId: number, limits: { max_employees: number; max_admins: number }) {
    const rows: Array<{ company_name: string; employees: string; admins: string }> = await this.em.execute(
      `select c.company_name,
              (select count(*) from employees e where e.company_id = c.id and e.employment_status <> 'terminated') as employees,
              (select count(*) from users u where u.company_id = c.id and u.role = 'company_admin' and u.is_active) as admins
         from companies c where c.package_id = ?`,
      [packageId],
    );
    for (const row of rows) {
      if (limits.max_employees !== -1 && Number(row.employees) > limits.max_employees) {
        throw unprocessable(
          `Maximum employees cannot be lower than ${row.employees}: ${row.company_name} has ${row.employees} employees on this package`,
          'max_employees',
        );
      }
      if (limits.max_admins !== -1 && Number(row.admins) > limits.max_admins) {
        throw unprocessable(
          `Maximum admins cannot be lower than ${row.admins}: ${row.company_name} has ${row.admins} admins on this package`,
          'max_admins',
        );
      }
    }
  }

  // ---- helpers

  private async includedFeatures(packages: Package[]): Promise<Map<number, Feature[]>> {
    const result = new Map<number, Feature[]>();
    if (!packages.length) return result;
    const links = await this.em.find(
      PackageFeature,
      { package: { $in: packages.map((p) => p.id) }, is_included: true, feature: { is_active: true } },
      { populate: ['feature'], orderBy: { feature: { id: 'ASC' } } },
    );
    for (const link of links) {
      const list = result.get(link.package.id) ?? [];
      list.push(link.feature);
      result.set(link.package.id, list);
    }
    return result;
  }

  private async companyCounts(packages: Package[]): Promise<Map<number, number>> {
    if (!packages.length) return new Map();
    const rows: Array<{ package_id: number; n: string }> = await this.em.execute(
        `select package_id, count(*) as n from companies where package_id in (${packages.map(() => '?').join(',')}) group by package_id`,
        packages.map((p) => p.id),
      );
    return new Map(rows.map((r) => [r.package_id, Number(r.n)]));
  }

  private async assertCodeFree(
    entity: typeof Package | typeof Feature,
    field: 'package_code' | 'feature_code',
    code: string,
    message: string,
  ) {
    const clash = await this.em.execute(
      `select 1 from ${entity === Package ? 'packages' : 'features'} where lower(${field}) = lower(?) limit 1`,
      [code],
    );
    if (clash.length) throw conflict(message, field);
  }
}
