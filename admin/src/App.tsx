import { Admin, CustomRoutes, HttpError, Resource } from 'react-admin';
import { QueryClient } from '@tanstack/react-query';
import { Route } from 'react-router-dom';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { i18nProvider } from './providers/i18nProvider';
import { AppError } from './layout/AppError';
import { CatchAllRedirect, IndexRedirect } from './layout/redirects';
import { ToastStack } from './layout/ToastStack';
import { resources } from './resources';
import { accountScreens, guarded, LazyAppLayout, LoginScreen, protectedScreens, publicScreens } from './routes';
import { theme } from './theme';

/** Protected screens, each behind the route guard; `/*` lets a screen own nested routes (tabs...). */
const protectedRoutes = protectedScreens.map(({ path, screen }) => {
  const Screen = guarded(path, screen);
  return <Route key={path} path={`${path}/*`} element={<Screen />} />;
});

/** Screens in the layout that send whom they do not serve elsewhere themselves. */
const accountRoutes = accountScreens.map(({ path, screen: Screen }) => <Route key={path} path={path} element={<Screen />} />);

const publicRoutes = publicScreens.map(({ path, screen: Screen }) => (
  <Route key={path} path={`${path}/*`} element={<Screen />} />
));

/**
 * A refused request (4xx) gets the same answer when asked again, so it is shown at once; a server
 * error or a lost connection is asked again twice (after 1 s and 2 s) before the screen says so.
 */
const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: (failures, error) => !(error instanceof HttpError && error.status < 500) && failures < 2 },
  },
});

export const App = () => (
  <Admin
    disableTelemetry
    queryClient={queryClient}
    title="HR Platform"
    dataProvider={dataProvider}
    authProvider={authProvider}
    i18nProvider={i18nProvider}
    theme={theme}
    layout={LazyAppLayout}
    loginPage={LoginScreen}
    dashboard={IndexRedirect}
    catchAll={CatchAllRedirect}
    notification={ToastStack}
    error={AppError}
  >
    <CustomRoutes noLayout>{publicRoutes}</CustomRoutes>
    <CustomRoutes>
      {protectedRoutes}
      {accountRoutes}
    </CustomRoutes>
    {resources.map((resource) => (
      <Resource key={resource.name} {...resource} />
    ))}
  </Admin>
);
