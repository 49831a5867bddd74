import type { LandingPage } from './landing-page.entity';

/** Texts a new landing page starts with (and the public page falls back to when a field is empty). */
export const LANDING_DEFAULTS = {
  hero_title: 'Manage your workforce in one place',
  hero_subtitle: 'The HR platform for growing companies',
  hero_description:
    'Employees, attendance, leave, payroll, KPIs and bonuses for your whole company, in one secure platform your team can use from any device.',
  hero_cta_text: 'Start Free Trial',
  stats_title: 'Trusted by companies worldwide',
  stats_subtitle: 'Teams of every size run their HR with us',
  stats_clients_count: 500,
  stats_projects_count: 1200,
  stats_years_count: 10,
  stats_countries_count: 25,
  features_title: 'Everything HR needs',
  features_subtitle: 'One platform from hiring to payroll',
  testimonials_title: 'What our clients say',
  testimonials_subtitle: 'Companies that run their HR with us',
  pricing_title: 'Simple, transparent pricing',
  pricing_subtitle: 'Choose the plan that fits your team. Every plan starts with a free trial.',
  cta_title: 'Ready to get started?',
  cta_description: 'Start your free trial today. No credit card required.',
  cta_button_text: 'Start Free Trial',
  cta_button_url: '/free-trial',
  footer_company_name: 'HR Platform',
  footer_description: 'Multi-company HR and workforce management, sold as a simple subscription.',
  footer_contact_email: 'contact@example.com',
  seo_title: 'HR Platform - Manage your workforce in one place',
  seo_description:
    'Employees, attendance, leave, payroll and KPIs for your whole company in one HR platform. Start a free trial today.',
  seo_keywords: 'HR software, HR management, payroll, attendance, leave management, employee management, KPI',
} satisfies Partial<Record<keyof LandingPage, string | number>>;

/** The price the structured data of the landing page offers (spec 2.10). */
export const STRUCTURED_DATA_OFFER = { price: '29', priceCurrency: 'USD' } as const;
