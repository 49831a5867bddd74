// Data of the public landing page: wire types of the two public calls, the built-in
// defaults used when no CMS page is active, and the loaders.

export interface LandingFeature {
  id?: number | string;
  title: string;
  description?: string | null;
  icon_name?: string | null;
  image_url?: string | null;
  order_index?: number | null;
}

export interface Testimonial {
  id?: number | string;
  rating?: number | null;
  testimonial_text: string;
  client_name: string;
  client_position?: string | null;
  client_company?: string | null;
  client_avatar_url?: string | null;
}

/** `GET /api/cms/landing-page` data (every field may be missing or null). */
export interface LandingPageData {
  hero_title?: string | null;
  hero_subtitle?: string | null;
  hero_description?: string | null;
  hero_image_url?: string | null;
  hero_cta_text?: string | null;
  hero_secondary_cta_text?: string | null;
  hero_secondary_cta_url?: string | null;
  stats_title?: string | null;
  stats_subtitle?: string | null;
  stats_clients_count?: number | null;
  stats_projects_count?: number | null;
  stats_years_count?: number | null;
  stats_countries_count?: number | null;
  features_title?: string | null;
  features_subtitle?: string | null;
  testimonials_title?: string | null;
  testimonials_subtitle?: string | null;
  pricing_title?: string | null;
  pricing_subtitle?: string | null;
  cta_title?: string | null;
  cta_description?: string | null;
  cta_button_text?: string | null;
  cta_button_url?: string | null;
  footer_company_name?: string | null;
  footer_description?: string | null;
  footer_contact_email?: string | null;
  footer_contact_phone?: string | null;
  footer_address?: string | null;
  footer_social_links?: Record<string, string> | null;
  seo_title?: string | null;
  seo_description?: string | null;
  seo_keywords?: string | null;
  og_image_url?: string | null;
  features?: LandingFeature[] | null;
  testimonials?: Testimonial[] | null;
}

/** `GET /api/packages/packages/public` item. Prices may come as decimal strings. */
export interface PublicPackage {
  id: number | string;
  package_name: string;
  description?: string | null;
  monthly_price: number | string;
  annual_price?: number | string | null;
  trial_days?: number | null;
  max_employees?: number | null;
  is_popular?: boolean;
  included_features?: { feature_name: string }[];
}

interface Envelope<T> {
  success: boolean;
  data?: T;
  message?: string;
}

type StatKey = 'stats_clients_count' | 'stats_projects_count' | 'stats_years_count' | 'stats_countries_count';
type TextKey = Exclude<keyof LandingPageData, StatKey | 'footer_social_links' | 'features' | 'testimonials'>;

/** The content the page renders: CMS data over the defaults, every field present. */
export type LandingContent = Record<TextKey, string> &
  Record<StatKey, number> & {
    footer_social_links: Record<string, string>;
    features: LandingFeature[];
    testimonials: Testimonial[];
  };

export const DEFAULT_CONTENT: LandingContent = {
  hero_title: 'Manage your workforce in one place',
  hero_subtitle: 'The HR platform for growing companies',
  hero_description:
    'Employees, attendance, leave, payroll, KPIs and bonuses for your whole company, in one secure platform your team can use from any device.',
  hero_image_url: '',
  hero_cta_text: 'Start Free Trial',
  hero_secondary_cta_text: '',
  hero_secondary_cta_url: '',
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
  pricing_subtitle: 'Choose the plan that fits your team. Each plan says whether it starts with a free trial.',
  cta_title: 'Ready to get started?',
  cta_description: 'Start your free trial today. No credit card required.',
  cta_button_text: 'Start Free Trial',
  cta_button_url: '/free-trial',
  footer_company_name: 'HR Platform',
  footer_description: 'Multi-company HR and workforce management, sold as a simple subscription.',
  footer_contact_email: 'contact@example.com',
  footer_contact_phone: '',
  footer_address: '',
  footer_social_links: {},
  seo_title: 'HR Platform - Manage your workforce in one place',
  seo_description:
    'Employees, attendance, leave, payroll and KPIs for your whole company in one HR platform. Start a free trial today.',
  seo_keywords: '',
  og_image_url: '',
  features: [
    { title: 'Employees', description: 'Profiles, departments and positions for every company you run.', icon_name: 'users' },
    { title: 'Attendance', description: 'Check-in and check-out, shift rosters and daily presence at a glance.', icon_name: 'clock' },
    { title: 'Leave Management', description: 'Requests, approvals and balances without spreadsheets.', icon_name: 'calendar' },
    { title: 'Payroll', description: 'Compute and review payroll for every pay period in a few clicks.', icon_name: 'wallet' },
    { title: 'Operational Monitoring', description: 'Follow tasks and operations across teams as they happen.', icon_name: 'activity' },
    { title: 'KPI & Bonus', description: 'Set targets, score performance and calculate bonuses fairly.', icon_name: 'award' },
  ],
  testimonials: [],
};

const isSet = (v: unknown): boolean => v !== null && v !== undefined && (typeof v !== 'string' || v.trim() !== '');

/** Fields a page cannot do without: an empty CMS value shows the default. Others may be left empty. */
const ESSENTIAL: ReadonlySet<string> = new Set([
  'hero_title',
  'hero_cta_text',
  'stats_clients_count',
  'stats_projects_count',
  'stats_years_count',
  'stats_countries_count',
  'features_title',
  'testimonials_title',
  'pricing_title',
  'cta_title',
  'cta_button_text',
  'cta_button_url',
  'footer_company_name',
  'footer_contact_email',
  'seo_title',
  'seo_description',
]);

/** The active CMS page over the defaults: its features (by order_index) and testimonials as they are. */
export function mergeContent(data: LandingPageData): LandingContent {
  const merged: Record<string, unknown> = { ...DEFAULT_CONTENT };
  for (const key of Object.keys(DEFAULT_CONTENT)) {
    if (key === 'features' || key === 'testimonials') continue;
    const value = (data as Record<string, unknown>)[key];
    if (isSet(value)) merged[key] = value;
    else if (!ESSENTIAL.has(key) && key !== 'footer_social_links') merged[key] = '';
  }
  const content = merged as LandingContent;
  content.features = [...(data.features ?? [])].sort((a, b) => (a.order_index ?? 0) - (b.order_index ?? 0));
  content.testimonials = data.testimonials ?? [];
  return content;
}

/**
 * The active landing page. A 404 means "no CMS content yet": the defaults are used.
 * A network failure or any other error status rejects (the page shows an error).
 */
export async function fetchLandingContent(signal?: AbortSignal): Promise<LandingContent> {
  const res = await fetch('/api/cms/landing-page', { signal, headers: { Accept: 'application/json' } });
  if (res.status === 404) return DEFAULT_CONTENT;
  if (!res.ok) throw new Error(`Failed to load landing page content (HTTP ${res.status})`);
  const body = (await res.json()) as Envelope<LandingPageData>;
  return body.success && body.data ? mergeContent(body.data) : DEFAULT_CONTENT;
}

/** Public packages; a failure is only logged and the list stays empty. */
export async function fetchPublicPackages(signal?: AbortSignal): Promise<PublicPackage[]> {
  try {
    const res = await fetch('/api/packages/packages/public', { signal, headers: { Accept: 'application/json' } });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const body = (await res.json()) as Envelope<PublicPackage[]>;
    return body.success && Array.isArray(body.data) ? body.data : [];
  } catch (error) {
    if (!signal?.aborted) console.warn('Failed to fetch packages', error);
    return [];
  }
}
