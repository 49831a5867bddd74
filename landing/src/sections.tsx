import type { LandingContent, PublicPackage } from './content';
import { FeatureIcon } from './icons';

const isExternal = (url: string) => /^https?:\/\//i.test(url);

/** A link to a configured URL: other sites open in a new tab. */
function CtaLink({ href, className, children }: { href: string; className: string; children: string }) {
  return isExternal(href) ? (
    <a className={className} href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  ) : (
    <a className={className} href={href}>
      {children}
    </a>
  );
}

export function Hero({ content }: { content: LandingContent }) {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container hero-inner">
        <div className="hero-text">
          {content.hero_subtitle && <p className="eyebrow">{content.hero_subtitle}</p>}
          <h1 id="hero-title">{content.hero_title}</h1>
          {content.hero_description && <p className="lead">{content.hero_description}</p>}
          <div className="actions">
            <a className="btn btn-primary btn-lg" href="/free-trial">
              {content.hero_cta_text}
            </a>
            {content.hero_secondary_cta_text && content.hero_secondary_cta_url && (
              <CtaLink className="btn btn-outline btn-lg" href={content.hero_secondary_cta_url}>
                {content.hero_secondary_cta_text}
              </CtaLink>
            )}
          </div>
        </div>
        {content.hero_image_url && (
          <img
            className="hero-image"
            src={content.hero_image_url}
            alt={`${content.footer_company_name} product preview`}
            width="560"
            height="380"
            fetchPriority="high"
          />
        )}
      </div>
    </section>
  );
}

export function Stats({ content }: { content: LandingContent }) {
  const stats: [string, number][] = [
    ['Clients', content.stats_clients_count],
    ['Projects', content.stats_projects_count],
    ['Years', content.stats_years_count],
    ['Countries', content.stats_countries_count],
  ];
  return (
    <section className="section stats" aria-labelledby="stats-title">
      <div className="container">
        <SectionTitle id="stats-title" title={content.stats_title} subtitle={content.stats_subtitle} />
        <dl className="stats-grid">
          {stats.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}+</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

export function Features({ content }: { content: LandingContent }) {
  return (
    <section id="features" className="section" aria-labelledby="features-title">
      <div className="container">
        <SectionTitle id="features-title" title={content.features_title} subtitle={content.features_subtitle} />
        <div className="grid">
          {content.features.map((feature, i) => (
            <article className="card" key={feature.id ?? i}>
              {feature.image_url ? (
                <img className="feature-image" src={feature.image_url} alt={feature.title} loading="lazy" />
              ) : (
                <FeatureIcon name={feature.icon_name} title={feature.title} />
              )}
              <h3>{feature.title}</h3>
              {feature.description && <p>{feature.description}</p>}
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}

/** Stars out of 5 (a rating outside 1..5 is clamped). */
export const starsOf = (rating: number | null | undefined): number =>
  Math.max(0, Math.min(5, Math.round(rating ?? 5)));

export function Testimonials({ content }: { content: LandingContent }) {
  return (
    <section id="testimonials" className="section alt" aria-labelledby="testimonials-title">
      <div className="container">
        <SectionTitle id="testimonials-title" title={content.testimonials_title} subtitle={content.testimonials_subtitle} />
        <div className="grid">
          {content.testimonials.map((t, i) => {
            const rating = starsOf(t.rating);
            return (
              <figure className="card testimonial" key={t.id ?? i}>
                <div className="stars" role="img" aria-label={`Rated ${rating} out of 5`}>
                  <span aria-hidden="true">
                    {'★'.repeat(rating)}
                    <span className="stars-off">{'★'.repeat(5 - rating)}</span>
                  </span>
                </div>
                <blockquote>{t.testimonial_text}</blockquote>
                <figcaption>
                  {t.client_avatar_url ? (
                    <img className="avatar" src={t.client_avatar_url} alt={t.client_name} width="40" height="40" loading="lazy" />
                  ) : (
                    <span className="avatar" aria-hidden="true">
                      {t.client_name.charAt(0).toUpperCase()}
                    </span>
                  )}
                  <span>
                    <strong>{t.client_name}</strong>
                    {(t.client_position || t.client_company) && (
                      <small>{[t.client_position, t.client_company].filter(Boolean).join(', ')}</small>
                    )}
                  </span>
                </figcaption>
              </figure>
            );
          })}
        </div>
      </div>
    </section>
  );
}

const toNumber = (v: number | string | null | undefined): number => (v == null || v === '' ? 0 : Number(v));
const dollars = (n: number): string => (Number.isInteger(n) ? String(n) : n.toFixed(2));

/** Annual saving versus 12 months of the monthly price, as a rounded percentage. */
export function annualSaving(pkg: PublicPackage): number {
  const monthly = toNumber(pkg.monthly_price);
  const annual = toNumber(pkg.annual_price);
  if (monthly <= 0 || annual <= 0) return 0;
  return Math.round((1 - annual / (monthly * 12)) * 100);
}

/** 'Unlimited' when the maximum is empty or -1. */
export const employeeLimit = (max: number | null | undefined): string =>
  max == null || max === -1 ? 'Unlimited employees' : `Up to ${max} employees`;

/** The pricing subtitle, without a promise of a trial for every plan when a plan offers none. */
export function pricingSubtitle(subtitle: string, packages: PublicPackage[]): string {
  if (!subtitle || !packages.some((p) => Number(p.trial_days ?? 0) <= 0)) return subtitle;
  return subtitle.replace(/\s*Every plan (starts|comes) with a free trial\.?/i, '').trim();
}

export function Pricing({ content, packages }: { content: LandingContent; packages: PublicPackage[] }) {
  return (
    <section id="pricing" className="section" aria-labelledby="pricing-title">
      <div className="container">
        <SectionTitle id="pricing-title" title={content.pricing_title} subtitle={pricingSubtitle(content.pricing_subtitle, packages)} />
        {packages.length > 0 ? (
          <div className="grid pricing">
            {packages.map((pkg) => {
              const saving = annualSaving(pkg);
              const annual = toNumber(pkg.annual_price);
              // a package with 0 trial days offers no trial: the company starts on it with an invoice
              const trialDays = Math.max(0, Number(pkg.trial_days ?? 0));
              return (
                <article className={`card plan${pkg.is_popular ? ' popular' : ''}`} key={pkg.id}>
                  {pkg.is_popular && <span className="badge">Most Popular</span>}
                  <h3>{pkg.package_name}</h3>
                  {pkg.description && <p>{pkg.description}</p>}
                  <p className="price">
                    ${dollars(toNumber(pkg.monthly_price))}
                    <small>/month</small>
                  </p>
                  {annual > 0 && (
                    <p className="annual">
                      or ${dollars(annual)}/year{saving > 0 && <strong className="saving"> Save {saving}%</strong>}
                    </p>
                  )}
                  <ul>
                    <li>{employeeLimit(pkg.max_employees)}</li>
                    <li>{trialDays > 0 ? `${trialDays}-day free trial` : 'No free trial: starts on the paid plan with its first invoice'}</li>
                    {pkg.included_features?.map((f) => (
                      <li key={f.feature_name}>{f.feature_name}</li>
                    ))}
                  </ul>
                  <a
                    className="btn btn-primary"
                    href={`/free-trial?package=${encodeURIComponent(String(pkg.id))}`}
                    aria-label={`${trialDays > 0 ? 'Start Free Trial' : 'Get Started'} with ${pkg.package_name}`}
                  >
                    {trialDays > 0 ? 'Start Free Trial' : 'Get Started'}
                  </a>
                </article>
              );
            })}
          </div>
        ) : (
          <p className="muted center">
            Start with a free trial. <a href="/free-trial">Start yours today.</a>
          </p>
        )}
      </div>
    </section>
  );
}

export function FinalCta({ content }: { content: LandingContent }) {
  return (
    <section className="section cta" aria-labelledby="cta-title">
      <div className="container center">
        <h2 id="cta-title">{content.cta_title}</h2>
        {content.cta_description && <p>{content.cta_description}</p>}
        <CtaLink className="btn btn-light btn-lg" href={content.cta_button_url || '/free-trial'}>
          {content.cta_button_text}
        </CtaLink>
      </div>
    </section>
  );
}

function SectionTitle({ id, title, subtitle }: { id: string; title: string; subtitle: string }) {
  return (
    <div className="section-title">
      <h2 id={id}>{title}</h2>
      {subtitle && <p>{subtitle}</p>}
    </div>
  );
}
