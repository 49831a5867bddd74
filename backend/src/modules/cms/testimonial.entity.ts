import { Check, Entity, ManyToOne, Property, type Rel } from '@mikro-orm/core';
import type { Opt } from '@mikro-orm/core';
import { BaseEntity } from '../../common/tenancy/base.entity';
import type { LandingPage } from './landing-page.entity';

/** A client quote on the landing page, rated out of 5. */
@Entity({ tableName: 'testimonials' })
@Check({ name: 'testimonials_rating_range', expression: 'rating >= 1 and rating <= 5' })
export class Testimonial extends BaseEntity {
  @ManyToOne({ entity: 'LandingPage', deleteRule: 'cascade', index: true })
  landing_page!: Rel<LandingPage>;

  @Property({ type: 'smallint', default: 5 })
  rating: Opt<number> = 5;

  @Property({ type: 'text' })
  testimonial_text!: string;

  @Property({ length: 200 })
  client_name!: string;

  @Property({ length: 200, nullable: true })
  client_position?: string | null;

  @Property({ length: 200, nullable: true })
  client_company?: string | null;

  @Property({ type: 'text', nullable: true })
  client_avatar_url?: string | null;
}
