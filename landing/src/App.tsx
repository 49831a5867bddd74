import { lazy, Suspense } from 'react';
import { LandingPage } from './LandingPage';

// Loaded on its own route only, so `/` does not carry the sign-up form's code.
const FreeTrialPage = lazy(() => import('./trial/FreeTrialPage'));

export function App() {
  const path = window.location.pathname.replace(/\/+$/, '');
  if (path === '/free-trial') {
    return (
      <Suspense fallback={<div className="loading" aria-busy="true" />}>
        <FreeTrialPage />
      </Suspense>
    );
  }
  return <LandingPage />;
}
