import type { LandingContent, PublicPackage } from './content';

export function Hero({ content }: { content: LandingContent }) {
  return (
    <section className="hero">
      <div className="container hero-inner">
        <div className="hero-text">
          <p className="eyebrow">{content.hero_subtitle}</p>
          <h1>{content.hero_title}</h1>
          <p className="lead">{content.hero_description}</p>
          <div className="actions">
            <a className="btn btn-primary btn-lg" href="/free-trial">
              {content.hero_cta_text}
            </a>
            {content.hero_secondary_cta_text && content.hero_secondary_cta_url && (
              <a className="btn btn-outline btn-lg" href={content.hero_secondary_cta_url}>
                {content.hero_secondary_cta_text}
              </a>
            )}
          </div>
        </div>
        {content.hero_image_url && <img className="hero-image" src={content.hero_image_url} alt="" />}
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
              <span className="icon" aria-hidden="true">
                {feature.title.charAt(0)}
              </span>
              <h3>{feature.title}</h3>
              {feature.description && <p>{feature.description}</p>}
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}

export function Testimonials({ content }: { content: LandingContent }) {
  if (content.testimonials.length === 0) return null;
  return (
    <section id="testimonials" className="section alt" aria-labelledby="testimonials-title">
      <div className="container">
        <SectionTitle
          id="testimonials-title"
          title={content.testimonials_title}
          subtitle={content.testimonials_subtitle}
        />
        <div className="grid">
          {content.testimonials.map((t, i) => {
            const rating = Math.max(0, Math.min(5, Math.round(t.rating ?? 5)));
            return (
              <figure className="card testimonial" key={t.id ?? i}>
                <div className="stars" role="img" aria-label={`Rated ${rating} out of 5`}>
                  {'★'.repeat(rating)}
                  {'☆'.repeat(5 - rating)}
                </div>
                <blockquote>{t.testimonial_text}</blockquote>
                <figcaption>
                  {t.client_avatar_url ? (
                    <img className="avatar" src={t.client_avatar_url} alt="" />
                  ) : (
                    <span className="avatar" aria-hidden="true">
                      {t.client_name.charAt(0)}
                    </span>
                  )}
                  <span>
                    <strong>{t.client_name}</strong>
                    <small>{[t.client_position, t.client_company].filter(Boolean).join(', ')}</small>
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

export function Pricing({ content, packages }: { content: LandingContent; packages: PublicPackage[] }) {
  return (
    <section id="pricing" className="section" aria-labelledby="pricing-title">
      <div className="container">
        <SectionTitle id="pricing-title" title={content.pricing_title} subtitle={content.pricing_subtitle} />
        {packages.length > 0 ? (
          <div className="grid pricing">
            {packages.map((pkg) => {
              const saving = annualSaving(pkg);
              const max = pkg.max_employees;
              return (
                <article className={`card plan${pkg.is_popular ? ' popular' : ''}`} key={pkg.id}>
                  {pkg.is_popular && <span className="badge">Most Popular</span>}
                  <h3>{pkg.package_name}</h3>
                  {pkg.description && <p>{pkg.description}</p>}
                  <p className="price">${dollars(toNumber(pkg.monthly_price))}/month</p>
                  {saving > 0 && <p className="saving">Save {saving}% with annual billing</p>}
                  <ul>
                    <li>{max == null || max === -1 ? 'Unlimited' : `Up to ${max}`} employees</li>
                    {(pkg.trial_days ?? 0) > 0 && <li>{pkg.trial_days}-day free trial</li>}
                    {pkg.included_features?.map((f) => (
                      <li key={f.feature_name}>{f.feature_name}</li>
                    ))}
                  </ul>
                  <a className="btn btn-primary" href={`/free-trial?package=${encodeURIComponent(String(pkg.id))}`}>
                    Start Free Trial
                  </a>
                </article>
              );
            })}
          </div>
        ) : (
          <p className="muted center">
            Every plan starts with a free trial. <a href="/free-trial">Start yours today.</a>
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
        <p>{content.cta_description}</p>
        <a className="btn btn-light btn-lg" href={content.cta_button_url || '/free-trial'}>
          {content.cta_button_text}
        </a>
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
