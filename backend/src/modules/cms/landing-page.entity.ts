import { Check, Collection, Entity, Index, OneToMany, Property } from '@mikro-orm/core';
import type { Opt } from '@mikro-orm/core';
import { BaseEntity } from '../../common/tenancy/base.entity';
import type { LandingFeature } from './landing-feature.entity';
import type { Testimonial } from './testimonial.entity';

export const SOCIAL_NETWORKS = ['facebook', 'twitter', 'linkedin', 'instagram'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
export type SocialLinks = Partial<Record<SocialNetwork, string>>;

/**
 * The public landing page's content (platform table, not tenant-scoped). At most one page is
 * active: the partial unique index enforces it, activation deactivates the others first.
 */
@Entity({ tableName: 'landing_pages' })
@Index({
  name: 'landing_pages_one_active',
  expression: 'create unique index "landing_pages_one_active" on "landing_pages" ("is_active") where "is_active"',
})
@Check({
  name: 'landing_pages_stats_not_negative',
  expression:
    'stats_clients_count >= 0 and stats_projects_count >= 0 and stats_years_count >= 0 and stats_countries_count >= 0',
})
export class LandingPage extends BaseEntity {
  @Property({ default: false })
  is_active: Opt<boolean> = false;

  @Property({ length: 255, nullable: true })
  hero_title?: string | null;

  @Property({ length: 255, nullable: true })
  hero_subtitle?: string | null;

  @Property({ type: 'text', nullable: true })
  hero_description?: string | null;

  @Property({ type: 'text', nullable: true })
  hero_image_url?: string | null;

  @Property({ length: 100, nullable: true })
  hero_cta_text?: string | null;

  @Property({ length: 100, nullable: true })
  hero_secondary_cta_text?: string | null;

  @Property({ type: 'text', nullable: true })
  hero_secondary_cta_url?: string | null;

  @Property({ length: 255, nullable: true })
  stats_title?: string | null;

  @Property({ length: 255, nullable: true })
  stats_subtitle?: string | null;

  @Property({ default: 500 })
  stats_clients_count: Opt<number> = 500;

  @Property({ default: 1200 })
  stats_projects_count: Opt<number> = 1200;

  @Property({ default: 10 })
  stats_years_count: Opt<number> = 10;

  @Property({ default: 25 })
  stats_countries_count: Opt<number> = 25;

  @Property({ length: 255, nullable: true })
  features_title?: string | null;

  @Property({ length: 255, nullable: true })
  features_subtitle?: string | null;

  @Property({ length: 255, nullable: true })
  testimonials_title?: string | null;

  @Property({ length: 255, nullable: true })
  testimonials_subtitle?: string | null;

  @Property({ length: 255, nullable: true })
  pricing_title?: string | null;

  @Property({ length: 255, nullable: true })
  pricing_subtitle?: string | null;

  @Property({ length: 255, nullable: true })
  cta_title?: string | null;

  @Property({ type: 'text', nullable: true })
  cta_description?: string | null;

  @Property({ length: 100, nullable: true })
  cta_button_text?: string | null;

  @Property({ type: 'text', nullable: true })
  cta_button_url?: string | null;

  @Property({ length: 200, nullable: true })
  footer_company_name?: string | null;

  @Property({ type: 'text', nullable: true })
  footer_description?: string | null;

  @Property({ length: 255, nullable: true })
  footer_contact_email?: string | null;

  @Property({ length: 50, nullable: true })
  footer_contact_phone?: string | null;

  @Property({ type: 'text', nullable: true })
  footer_address?: string | null;

  /** network (facebook, twitter, linkedin, instagram) → URL */
  @Property({ type: 'json', columnType: 'jsonb', defaultRaw: "'{}'" })
  footer_social_links: Opt<SocialLinks> = {};

  @Property({ length: 255, nullable: true })
  seo_title?: string | null;

  @Property({ type: 'text', nullable: true })
  seo_description?: string | null;

  @Property({ type: 'text', nullable: true })
  seo_keywords?: string | null;

  @Property({ type: 'text', nullable: true })
  og_image_url?: string | null;

  /** in the API ordered by order_index (see the mapper) */
  @OneToMany({ entity: 'LandingFeature', mappedBy: 'landing_page' })
  features = new Collection<LandingFeature>(this);

  @OneToMany({ entity: 'Testimonial', mappedBy: 'landing_page' })
  testimonials = new Collection<Testimonial>(this);
}
