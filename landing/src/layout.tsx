import { useEffect, useState } from 'react';
import type { LandingContent } from './content';

/** The page's sections the header and the footer link to. */
export const SECTIONS = [
  ['features', 'Features'],
  ['pricing', 'Pricing'],
  ['testimonials', 'Testimonials'],
  ['contact', 'Contact'],
] as const;
const SOCIAL_NETWORKS = ['facebook', 'twitter', 'linkedin', 'instagram'] as const;
const SOLID_HEADER_AFTER_PX = 20;

/** Signed in to the console (its session token is in this origin's local storage). */
export function isSignedIn(): boolean {
  try {
    return Boolean(window.localStorage.getItem('token'));
  } catch {
    return false;
  }
}

/** Fixed header: anchors, Login, and Start Free Trial (Dashboard when signed in); solid after 20 px. */
export function Header({ companyName }: { companyName: string }) {
  const [solid, setSolid] = useState(false);
  const [signedIn] = useState(isSignedIn);

  useEffect(() => {
    const onScroll = () => setSolid(window.scrollY > SOLID_HEADER_AFTER_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  return (
    <header className={`site-header${solid ? ' solid' : ''}`} data-solid={solid}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <div className="container header-inner">
        <a className="brand" href="/">
          {companyName}
        </a>
        <nav className="header-nav" aria-label="Sections">
          {SECTIONS.map(([id, label]) => (
            <a key={id} href={`/#${id}`}>
              {label}
            </a>
          ))}
        </nav>
        <div className="header-actions">
          <a className="btn btn-ghost" href="/login">
            Login
          </a>
          {signedIn ? (
            <a className="btn btn-primary" href="/dashboard">
              Dashboard
            </a>
          ) : (
            <a className="btn btn-primary" href="/free-trial">
              Start Free Trial
            </a>
          )}
        </div>
      </div>
    </header>
  );
}

const titleCase = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** Footer: company, contact, quick links, social links (new tab), copyright with the current year. */
export function Footer({ content }: { content: LandingContent }) {
  const social = SOCIAL_NETWORKS.filter((network) => content.footer_social_links[network]);
  return (
    <footer id="contact" className="site-footer">
      <div className="container footer-grid">
        <div>
          <p className="brand">{content.footer_company_name}</p>
          {content.footer_description && <p>{content.footer_description}</p>}
        </div>
        <div>
          <h2 className="footer-heading">Contact</h2>
          <address>
            <a href={`mailto:${content.footer_contact_email}`}>{content.footer_contact_email}</a>
            {content.footer_contact_phone && (
              <a href={`tel:${content.footer_contact_phone.replace(/[^\d+]/g, '')}`}>{content.footer_contact_phone}</a>
            )}
            {content.footer_address && <span>{content.footer_address}</span>}
          </address>
        </div>
        <nav aria-label="Quick links">
          <h2 className="footer-heading">Quick links</h2>
          {SECTIONS.map(([id, label]) => (
            <a key={id} href={`/#${id}`}>
              {label}
            </a>
          ))}
          <a href="/login">Login</a>
          <a href="/register">Register</a>
        </nav>
        {social.length > 0 && (
          <nav aria-label="Social links">
            <h2 className="footer-heading">Follow us</h2>
            {social.map((network) => (
              <a key={network} href={content.footer_social_links[network]} target="_blank" rel="noopener noreferrer">
                {titleCase(network)}
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            ))}
          </nav>
        )}
      </div>
      <p className="container copyright">
        © {new Date().getFullYear()} {content.footer_company_name}. All rights reserved.
      </p>
    </footer>
  );
}
