import type { LandingPageDto } from './dto/landing-page.dto';
import { LANDING_DEFAULTS, STRUCTURED_DATA_OFFER } from './landing-defaults';

/** landing/index.html carries its default meta tags between these markers; the server replaces them. */
export const SEO_START = '<!--seo:start-->';
export const SEO_END = '<!--seo:end-->';

export type LandingRoute = '/' | '/free-trial';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);

/** JSON safe inside <script>: no `</script>`, `<!--` or line separators can end or confuse it. */
export const jsonForScript = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const text = (value: string | null | undefined, fallback: string): string => {
  const trimmed = value?.replace(/\s+/g, ' ').trim();
  return trimmed ? trimmed : fallback;
};

/** The <head> tags for search engines and social previews, from the active page (null: the defaults). */
export function renderSeoHead(page: LandingPageDto | null, route: LandingRoute = '/'): string {
  const company = text(page?.footer_company_name, LANDING_DEFAULTS.footer_company_name);
  const seoTitle = text(page?.seo_title, LANDING_DEFAULTS.seo_title);
  const title = route === '/free-trial' ? `Start your free trial - ${company}` : seoTitle;
  const description = text(page?.seo_description, LANDING_DEFAULTS.seo_description);
  const keywords = text(page?.seo_keywords, LANDING_DEFAULTS.seo_keywords);
  const image = text(page?.og_image_url, text(page?.hero_image_url, ''));

  const structuredData = {
    '@context': 'https://schema.org',
    '@type': 'SoftwareApplication',
    name: company,
    description,
    applicationCategory: 'BusinessApplication',
    operatingSystem: 'Web',
    ...(image ? { image } : {}),
    offers: { '@type': 'Offer', ...STRUCTURED_DATA_OFFER },
  };

  const meta = (attr: 'name' | 'property', key: string, content: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(content)}" />`;
  return [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', description),
    meta('name', 'keywords', keywords),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', company),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    ...(image ? [meta('property', 'og:image', image)] : []),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    ...(image ? [meta('name', 'twitter:image', image)] : []),
    `<script type="application/ld+json">${jsonForScript(structuredData)}</script>`,
  ].join('\n    ');
}

/** The template with its marked block replaced by `head` (unchanged when the markers are missing). */
export function injectSeoHead(template: string, head: string): string {
  const start = template.indexOf(SEO_START);
  const end = template.indexOf(SEO_END, start);
  if (start < 0 || end < 0) return template;
  return `${template.slice(0, start + SEO_START.length)}\n    ${head}\n    ${template.slice(end)}`;
}
