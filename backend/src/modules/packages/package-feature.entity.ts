import { Entity, ManyToOne, Property, Unique, type Rel } from '@mikro-orm/core';
import type { Opt } from '@mikro-orm/core';
import { BaseEntity } from '../../common/tenancy/base.entity';
import type { Feature } from './feature.entity';
import type { Package } from './package.entity';

/** Whether a package includes a feature (spec: package-feature link). */
@Entity({ tableName: 'package_features' })
@Unique({ properties: ['package', 'feature'] })
export class PackageFeature extends BaseEntity {
  @ManyToOne({ entity: 'Package', deleteRule: 'cascade' })
  package!: Rel<Package>;

  @ManyToOne({ entity: 'Feature', deleteRule: 'cascade', index: true })
  feature!: Rel<Feature>;

  @Property({ default: true })
  is_included: Opt<boolean> = true;
}
