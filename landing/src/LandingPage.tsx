import { useEffect, useState } from 'react';
import {
  DEFAULT_CONTENT,
  fetchLandingContent,
  fetchPublicPackages,
  type LandingContent,
  type PublicPackage,
} from './content';
import { Footer, Header } from './layout';
import { FinalCta, Features, Hero, Pricing, Stats, Testimonials } from './sections';

type LoadState = { status: 'loading' } | { status: 'ready'; content: LandingContent } | { status: 'error' };

/** `/`: the active CMS page and the public packages. */
export function LandingPage() {
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [packages, setPackages] = useState<PublicPackage[]>([]);

  useEffect(() => {
    const controller = new AbortController();
    fetchLandingContent(controller.signal).then(
      (content) => setState({ status: 'ready', content }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Failed to load landing page content', error);
        setState({ status: 'error' });
      },
    );
    fetchPublicPackages(controller.signal).then((list) => {
      if (!controller.signal.aborted) setPackages(list);
    });
    return () => controller.abort();
  }, []);

  const content = state.status === 'ready' ? state.content : DEFAULT_CONTENT;

  // the server already rendered the head; this keeps it right when the page is served without it (dev)
  useEffect(() => {
    if (state.status !== 'ready') return;
    document.title = content.seo_title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', content.seo_description);
  }, [state.status, content]);

  return (
    <>
      <Header companyName={content.footer_company_name} />
      <main id="main">
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
