import { useEffect, useState } from 'react';
import {
  DEFAULT_CONTENT,
  fetchLandingContent,
  fetchPublicPackages,
  type LandingContent,
  type PublicPackage,
} from './content';
import { FinalCta, Features, Hero, Pricing, Stats, Testimonials } from './sections';

const SECTIONS = [
  ['features', 'Features'],
  ['pricing', 'Pricing'],
  ['testimonials', 'Testimonials'],
  ['contact', 'Contact'],
] as const;
const SOCIAL_NETWORKS = ['facebook', 'twitter', 'linkedin', 'instagram'] as const;
const SOLID_HEADER_AFTER_PX = 20;

function isSignedIn(): boolean {
  try {
    return Boolean(window.localStorage.getItem('token'));
  } catch {
    return false;
  }
}

export function App() {
  const path = window.location.pathname.replace(/\/+$/, '');
  return path === '/free-trial' ? <FreeTrialPage /> : <LandingPage />;
}

type LoadState =
  | { status: 'loading' }
  | { status: 'ready'; content: LandingContent }
  | { status: 'error' };

function LandingPage() {
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [packages, setPackages] = useState<PublicPackage[]>([]);

  useEffect(() => {
    const controller = new AbortController();
    fetchLandingContent(controller.signal).then(
      (content) => setState({ status: 'ready', content }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(error);
        setState({ status: 'error' });
      },
    );
    fetchPublicPackages(controller.signal).then((list) => {
      if (!controller.signal.aborted) setPackages(list);
    });
    return () => controller.abort();
  }, []);

  const content = state.status === 'ready' ? state.content : DEFAULT_CONTENT;

  useEffect(() => {
    if (state.status !== 'ready') return;
    document.title = content.seo_title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', content.seo_description);
  }, [state.status, content]);

  return (
    <>
      <Header companyName={content.footer_company_name} />
      <main>
        {state.status === 'loading' && <div className="loading" aria-busy="true" />}
        {state.status === 'error' && (
          <section className="state" role="alert">
            <h1>Unable to load content</h1>
            <p>Please try again later.</p>
          </section>
        )}
        {state.status === 'ready' && (
          <>
            <Hero content={content} />
            <Stats content={content} />
            <Features content={content} />
            <Testimonials content={content} />
            <Pricing content={content} packages={packages} />
            <FinalCta content={content} />
          </>
        )}
      </main>
      {state.status !== 'loading' && <Footer content={content} />}
    </>
  );
}

/** Placeholder until the trial sign-up form lands here. */
function FreeTrialPage() {
  return (
    <>
      <Header companyName={DEFAULT_CONTENT.footer_company_name} />
      <main>
        <section className="state">
          <h1>Start your free trial</h1>
          <p>Online trial sign-up is coming soon. In the meantime, create an account to get started.</p>
          <p>
            <a className="btn btn-primary btn-lg" href="/register">
              Create an account
            </a>
          </p>
          <p className="muted">
            Already have an account? <a href="/login">Sign in</a>
          </p>
        </section>
      </main>
      <Footer content={DEFAULT_CONTENT} />
    </>
  );
}

function Header({ companyName }: { companyName: string }) {
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

function Footer({ content }: { content: LandingContent }) {
  const social = SOCIAL_NETWORKS.filter((network) => content.footer_social_links[network]);
  return (
    <footer id="contact" className="site-footer">
      <div className="container footer-grid">
        <div>
          <strong className="brand">{content.footer_company_name}</strong>
          <p>{content.footer_description}</p>
        </div>
        <address>
          <a href={`mailto:${content.footer_contact_email}`}>{content.footer_contact_email}</a>
          {content.footer_contact_phone && <a href={`tel:${content.footer_contact_phone}`}>{content.footer_contact_phone}</a>}
          {content.footer_address && <span>{content.footer_address}</span>}
        </address>
        <nav aria-label="Quick links">
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
            {social.map((network) => (
              <a key={network} href={content.footer_social_links[network]} target="_blank" rel="noopener noreferrer">
                {network.charAt(0).toUpperCase() + network.slice(1)}
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
