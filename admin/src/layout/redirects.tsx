import { useEffect } from 'react';
import { Navigate } from 'react-router-dom';

/** The admin app's index route: the dashboard lives at /dashboard (/ is the landing site). */
export const IndexRedirect = () => <Navigate to="/dashboard" replace />;

/** Unknown paths go to / with a full page load, because / is the landing app (spec 2.1). */
export const CatchAllRedirect = () => {
  useEffect(() => {
    window.location.assign('/');
  }, []);
  return null;
};
