import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsObject,
  registerDecorator,
  ValidateIf,
  type ValidationArguments,
} from 'class-validator';
import { fieldLabel, oneOf } from '../../../common/http/fields';
import { SOCIAL_NETWORKS, type SocialLinks } from '../landing-page.entity';
import { LandingFeatureDto } from './landing-feature.dto';
import { TestimonialDto } from './testimonial.dto';
import { OptionalCount, OptionalEmail, OptionalText, OptionalUrl, SAFE_URL } from './validators';

/** Drops networks sent with an empty URL (clearing a link); trims the others. */
const cleanSocialLinks = ({ value }: { value: unknown }) => {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [network, url] of Object.entries(value)) {
    const cleaned = typeof url === 'string' ? url.trim() : url;
    if (cleaned !== '' && cleaned !== null) out[network] = cleaned;
  }
  return out;
};

function IsSocialLinks() {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'isSocialLinks',
      target: target.constructor,
      propertyName,
      validator: {
        validate(value: unknown) {
          if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
          return Object.entries(value).every(
            ([network, url]) =>
              (SOCIAL_NETWORKS as readonly string[]).includes(network) &&
              typeof url === 'string' &&
              url.length <= 2048 &&
              /^https?:\/\//i.test(url) &&
              SAFE_URL.test(url),
          );
        },
        defaultMessage(args: ValidationArguments) {
          return `${fieldLabel(args.property)} may only map ${oneOf(SOCIAL_NETWORKS)} to http(s) URLs`;
        },
      },
    });
}

/** Every editable field of a landing page; each one optional (create fills defaults, PUT changes what it gets). */
export class LandingPageFieldsDto {
  @OptionalText(255, 'Manage your workforce in one place') hero_title?: string | null;
  @OptionalText(255) hero_subtitle?: string | null;
  @OptionalText(5000) hero_description?: string | null;
  @OptionalUrl('https://example.com/hero.png') hero_image_url?: string | null;
  @OptionalText(100, 'Start Free Trial') hero_cta_text?: string | null;
  @OptionalText(100, 'See Features') hero_secondary_cta_text?: string | null;
  @OptionalUrl('#features') hero_secondary_cta_url?: string | null;
  @OptionalText(255) stats_title?: string | null;
  @OptionalText(255) stats_subtitle?: string | null;
  @OptionalCount(0, 100_000_000, 500) stats_clients_count?: number;
  @OptionalCount(0, 100_000_000, 1200) stats_projects_count?: number;
  @OptionalCount(0, 100_000_000, 10) stats_years_count?: number;
  @OptionalCount(0, 100_000_000, 25) stats_countries_count?: number;
  @OptionalText(255) features_title?: string | null;
  @OptionalText(255) features_subtitle?: string | null;
  @OptionalText(255) testimonials_title?: string | null;
  @OptionalText(255) testimonials_subtitle?: string | null;
  @OptionalText(255) pricing_title?: string | null;
  @OptionalText(255) pricing_subtitle?: string | null;
  @OptionalText(255) cta_title?: string | null;
  @OptionalText(5000) cta_description?: string | null;
  @OptionalText(100) cta_button_text?: string | null;
  @OptionalUrl('/free-trial') cta_button_url?: string | null;
  @OptionalText(200, 'HR Platform') footer_company_name?: string | null;
  @OptionalText(5000) footer_description?: string | null;
  @OptionalEmail() footer_contact_email?: string | null;
  @OptionalText(50) footer_contact_phone?: string | null;
  @OptionalText(1000) footer_address?: string | null;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'string' },
    description: `Network (${SOCIAL_NETWORKS.join(', ')}) → http(s) URL; an empty URL removes the network`,
    example: { linkedin: 'https://www.linkedin.com/company/example' },
  })
  @Transform(cleanSocialLinks)
  @ValidateIf((_: object, value: unknown) => value !== undefined)
  @IsSocialLinks()
  @IsObject({ message: 'Footer social links must be an object' })
  footer_social_links?: SocialLinks;

  @OptionalText(255) seo_title?: string | null;
  @OptionalText(1000) seo_description?: string | null;
  @OptionalText(1000) seo_keywords?: string | null;
  @OptionalUrl('https://example.com/og.png') og_image_url?: string | null;
}

export class CreateLandingPageDto extends LandingPageFieldsDto {}

export class UpdateLandingPageDto extends LandingPageFieldsDto {
  @ApiPropertyOptional({ description: 'true activates this page and deactivates every other one' })
  @ValidateIf((_: object, value: unknown) => value !== undefined)
  @IsBoolean({ message: 'Is active must be true or false' })
  is_active?: boolean;
}

export class LandingPageDto {
  @ApiProperty() id!: number;
  @ApiProperty() is_active!: boolean;
  @ApiProperty({ type: String, format: 'date-time' }) created_at!: string;
  @ApiProperty({ type: String, format: 'date-time' }) updated_at!: string;
  @ApiProperty({ type: String, nullable: true }) hero_title!: string | null;
  @ApiProperty({ type: String, nullable: true }) hero_subtitle!: string | null;
  @ApiProperty({ type: String, nullable: true }) hero_description!: string | null;
  @ApiProperty({ type: String, nullable: true }) hero_image_url!: string | null;
  @ApiProperty({ type: String, nullable: true }) hero_cta_text!: string | null;
  @ApiProperty({ type: String, nullable: true }) hero_secondary_cta_text!: string | null;
  @ApiProperty({ type: String, nullable: true }) hero_secondary_cta_url!: string | null;
  @ApiProperty({ type: String, nullable: true }) stats_title!: string | null;
  @ApiProperty({ type: String, nullable: true }) stats_subtitle!: string | null;
  @ApiProperty() stats_clients_count!: number;
  @ApiProperty() stats_projects_count!: number;
  @ApiProperty() stats_years_count!: number;
  @ApiProperty() stats_countries_count!: number;
  @ApiProperty({ type: String, nullable: true }) features_title!: string | null;
  @ApiProperty({ type: String, nullable: true }) features_subtitle!: string | null;
  @ApiProperty({ type: String, nullable: true }) testimonials_title!: string | null;
  @ApiProperty({ type: String, nullable: true }) testimonials_subtitle!: string | null;
  @ApiProperty({ type: String, nullable: true }) pricing_title!: string | null;
  @ApiProperty({ type: String, nullable: true }) pricing_subtitle!: string | null;
  @ApiProperty({ type: String, nullable: true }) cta_title!: string | null;
  @ApiProperty({ type: String, nullable: true }) cta_description!: string | null;
  @ApiProperty({ type: String, nullable: true }) cta_button_text!: string | null;
  @ApiProperty({ type: String, nullable: true }) cta_button_url!: string | null;
  @ApiProperty({ type: String, nullable: true }) footer_company_name!: string | null;
  @ApiProperty({ type: String, nullable: true }) footer_description!: string | null;
  @ApiProperty({ type: String, nullable: true }) footer_contact_email!: string | null;
  @ApiProperty({ type: String, nullable: true }) footer_contact_phone!: string | null;
  @ApiProperty({ type: String, nullable: true }) footer_address!: string | null;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' } }) footer_social_links!: SocialLinks;
  @ApiProperty({ type: String, nullable: true }) seo_title!: string | null;
  @ApiProperty({ type: String, nullable: true }) seo_description!: string | null;
  @ApiProperty({ type: String, nullable: true }) seo_keywords!: string | null;
  @ApiProperty({ type: String, nullable: true }) og_image_url!: string | null;
  @ApiProperty({ type: [LandingFeatureDto], description: 'Ordered by order_index' }) features!: LandingFeatureDto[];
  @ApiProperty({ type: [TestimonialDto] }) testimonials!: TestimonialDto[];
}
