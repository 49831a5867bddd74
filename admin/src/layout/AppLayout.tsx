import { Suspense, type ReactNode } from 'react';
import { Layout, Loading } from 'react-admin';
import { UnconfirmedEmailNotice } from '../auth/UnconfirmedEmailNotice';
import { useSession } from '../auth/useSession';
import { AppHeader } from './AppHeader';
import { AppMenu } from './AppMenu';
import { AppError } from './AppError';
import { ImpersonationBanner } from './ImpersonationBanner';
import { ModeBanner } from './ModeBanner';
import { OfflineBanner } from './OfflineBanner';
import { PermissionsLoadBanner } from './PermissionsLoadBanner';
import { SubscriptionBanner } from './SubscriptionBanner';

/**
 * The authenticated layout (spec 2.3): header, sidebar, impersonation and mode banners, a failed
 * load of the user's rights, and the offline state (the age of the data on screen) while the server cannot be reached.
 * Signed out, only the routes render: the guard sends protected routes to /login and the
 * catch-all sends unknown paths to /, without flashing an empty console.
 */
export const AppLayout = ({ children }: { children: ReactNode }) => {
  const { token } = useSession();
  if (!token) return <Suspense fallback={<Loading />}>{children}</Suspense>;
  return (
    <Layout appBar={AppHeader} menu={AppMenu} error={AppError}>
      <ImpersonationBanner />
      <PermissionsLoadBanner />
      <SubscriptionBanner />
      <UnconfirmedEmailNotice />
      <ModeBanner />
      <OfflineBanner />
      {children}
    </Layout>
  );
};
