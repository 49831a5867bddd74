import type { LandingFeatureDto } from './dto/landing-feature.dto';
import type { LandingPageDto } from './dto/landing-page.dto';
import type { TestimonialDto } from './dto/testimonial.dto';
import type { LandingFeature } from './landing-feature.entity';
import type { LandingPage } from './landing-page.entity';
import type { Testimonial } from './testimonial.entity';

const byOrder = (a: LandingFeature, b: LandingFeature) => a.order_index - b.order_index || a.id - b.id;

export function toFeatureDto(f: LandingFeature): LandingFeatureDto {
  return {
    id: f.id,
    landing_page_id: f.landing_page.id,
    title: f.title,
    description: f.description ?? null,
    icon_name: f.icon_name ?? null,
    image_url: f.image_url ?? null,
    order_index: f.order_index,
  };
}

export function toTestimonialDto(t: Testimonial): TestimonialDto {
  return {
    id: t.id,
    landing_page_id: t.landing_page.id,
    rating: t.rating,
    testimonial_text: t.testimonial_text,
    client_name: t.client_name,
    client_position: t.client_position ?? null,
    client_company: t.client_company ?? null,
    client_avatar_url: t.client_avatar_url ?? null,
  };
}

/** The page with its features (by order_index) and testimonials; both collections must be loaded. */
export function toLandingPageDto(p: LandingPage): LandingPageDto {
  return {
    id: p.id,
    is_active: p.is_active,
    created_at: p.created_at.toISOString(),
    updated_at: p.updated_at.toISOString(),
    hero_title: p.hero_title ?? null,
    hero_subtitle: p.hero_subtitle ?? null,
    hero_description: p.hero_description ?? null,
    hero_image_url: p.hero_image_url ?? null,
    hero_cta_text: p.hero_cta_text ?? null,
    hero_secondary_cta_text: p.hero_secondary_cta_text ?? null,
    hero_secondary_cta_url: p.hero_secondary_cta_url ?? null,
    stats_title: p.stats_title ?? null,
    stats_subtitle: p.stats_subtitle ?? null,
    stats_clients_count: p.stats_clients_count,
    stats_projects_count: p.stats_projects_count,
    stats_years_count: p.stats_years_count,
    stats_countries_count: p.stats_countries_count,
    features_title: p.features_title ?? null,
    features_subtitle: p.features_subtitle ?? null,
    testimonials_title: p.testimonials_title ?? null,
    testimonials_subtitle: p.testimonials_subtitle ?? null,
    pricing_title: p.pricing_title ?? null,
    pricing_subtitle: p.pricing_subtitle ?? null,
    cta_title: p.cta_title ?? null,
    cta_description: p.cta_description ?? null,
    cta_button_text: p.cta_button_text ?? null,
    cta_button_url: p.cta_button_url ?? null,
    footer_company_name: p.footer_company_name ?? null,
    footer_description: p.footer_description ?? null,
    footer_contact_email: p.footer_contact_email ?? null,
    footer_contact_phone: p.footer_contact_phone ?? null,
    footer_address: p.footer_address ?? null,
    footer_social_links: { ...(p.footer_social_links ?? {}) },
    seo_title: p.seo_title ?? null,
    seo_description: p.seo_description ?? null,
    seo_keywords: p.seo_keywords ?? null,
    og_image_url: p.og_image_url ?? null,
    features: p.features.getItems().slice().sort(byOrder).map(toFeatureDto),
    testimonials: p.testimonials
      .getItems()
      .slice()
      .sort((a, b) => a.id - b.id)
      .map(toTestimonialDto),
  };
}
