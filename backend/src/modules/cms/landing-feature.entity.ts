import { Entity, Index, ManyToOne, Property, type Rel } from '@mikro-orm/core';
import type { Opt } from '@mikro-orm/core';
import { BaseEntity } from '../../common/tenancy/base.entity';
import type { LandingPage } from './landing-page.entity';

/** One card of the landing page's features grid. */
@Entity({ tableName: 'landing_features' })
@Index({ properties: ['landing_page', 'order_index'] })
export class LandingFeature extends BaseEntity {
  @ManyToOne({ entity: 'LandingPage', deleteRule: 'cascade' })
  landing_page!: Rel<LandingPage>;

  @Property({ length: 200 })
  title!: string;

  @Property({ type: 'text', nullable: true })
  description?: string | null;

  @Property({ length: 100, nullable: true })
  icon_name?: string | null;

  @Property({ type: 'text', nullable: true })
  image_url?: string | null;

  @Property({ default: 0 })
  order_index: Opt<number> = 0;
}
