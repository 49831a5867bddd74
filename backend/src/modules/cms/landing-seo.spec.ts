import { escapeHtml, injectSeoHead, jsonForScript, renderSeoHead, SEO_END, SEO_START } from './landing-seo';

describe('landing SEO head', () => {
  it('escapes HTML special characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it('keeps JSON inside a script element from closing it', () => {
    const json = jsonForScript({ name: '</script><!-- \u2028' });
    expect(json).not.toMatch(/[<>\u2028]/);
    expect(JSON.parse(json)).toEqual({ name: '</script><!-- \u2028' });
  });

  it('renders the defaults without a page, with the 29 USD offer', () => {
    const head = renderSeoHead(null);
    expect(head).toContain('<title>HR Platform - Manage your workforce in one place</title>');
    expect(head).toContain('<meta name="twitter:card" content="summary" />');
    expect(head).not.toContain('og:image');
    expect(head).toContain('"offers":{"@type":"Offer","price":"29","priceCurrency":"USD"}');
  });

  it('falls back to the defaults for empty fields and collapses whitespace', () => {
    const head = renderSeoHead({ seo_title: '  ', seo_description: 'Line one\n  line two', footer_company_name: null } as any);
    expect(head).toContain('<title>HR Platform - Manage your workforce in one place</title>');
    expect(head).toContain('<meta name="description" content="Line one line two" />');
  });

  it('replaces only the marked block, and leaves a template without markers alone', () => {
    const template = `<head>${SEO_START}<title>old</title>${SEO_END}<link rel="x"></head>`;
    const out = injectSeoHead(template, '<title>new</title>');
    expect(out).toMatch(new RegExp(`^<head>${SEO_START}\\s*<title>new</title>\\s*${SEO_END}<link rel="x"></head>$`));
    expect(injectSeoHead('<head></head>', '<title>new</title>')).toBe('<head></head>');
  });
});
