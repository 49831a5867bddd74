import { HttpError, type AuthProvider, type UserIdentity } from 'react-admin';
import { apiData, client } from './apiClient';
import { loadPlatformAccess } from './platformAccess';
import { flushBeforeSignOut } from '../pwa/offlineQueue';
import { forgetReads } from '../pwa/offlineReads';
import { offlineOwner } from '../pwa/owner';
import {
  clearSession,
  getSession,
  isAuthenticated,
  isImpersonating,
  setPermissions,
  setToken,
  setUser,
  toModuleAccess,
  type ModuleAccess,
  type PermissionEntry,
  type Role,
  type SessionUser,
} from './session';

export interface LoginParams {
  email: string;
  password: string;
}

/** What `usePermissions()` returns. */
export interface AppPermissions {
  role: Role | null;
  modules: Record<string, ModuleAccess>;
  impersonating: boolean;
}

/** Loads the caller's module permissions (once after sign-in, and after an impersonation switch). */
export const loadPermissions = async (): Promise<PermissionEntry[]> => {
  try {
    const answer = await apiData(client.GET('/api/permissions/user/permissions'));
    const list = Array.isArray(answer) ? answer : [];
    setPermissions(list);
    return list;
  } catch (error) {
    // spec 8: the server message is kept, the session goes on without module access
    console.warn('Failed to load permissions:', error instanceof Error ? error.message : error);
    setPermissions([]);
    return [];
  }
};

/** GET /api/auth/me: refreshes the stored user; failures are only logged (spec 8). */
export const refreshProfile = async (): Promise<SessionUser | null> => {
  try {
    const json = await apiData(client.GET('/api/auth/me'));
    if (json) setUser(json);
    return json ?? null;
  } catch (error) {
    console.warn('Profile refresh failed:', error instanceof Error ? error.message : error);
    return null;
  }
};

let profileRefreshed = false;

/**
 * Once per page load (the console's start or a reload), with a session: GET /api/auth/me, so the
 * stored profile (names, company, its time zone, whether the e-mail is confirmed) is the server's
 * and not the one of the last sign-in. The session's screens go on with the stored one meanwhile.
 */
export const refreshProfileOnStart = (): void => {
  if (profileRefreshed || !getSession().token) return;
  profileRefreshed = true;
  void refreshProfile();
};

/**
 * A session the browser already holds in its refresh cookie (the landing site's free trial signed
 * the new admin in): POST /api/auth/refresh, then begins it as a sign-in does. False when there is none.
 */
export const resumeFromCookie = async (): Promise<SessionUser | null> => {
  try {
    const response = await fetch('/api/auth/refresh', {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { data?: { access_token?: string; user?: SessionUser } };
    if (!body.data?.access_token || !body.data.user) return null;
    await beginSession(body.data.access_token, body.data.user);
    return body.data.user;
  } catch {
    return null;
  }
};

/** Where a user goes after signing in: a client without a company to /start, everyone else to the dashboard. */
export const homeOf = (user: Pick<SessionUser, 'role' | 'company_id'> | null | undefined): string =>
  user?.role === 'client' && !user.company_id ? '/start' : '/dashboard';

/** Stores a new access token and user (login, refresh, impersonation switch). */
export const storeSession = (accessToken: string, user: SessionUser) => {
  setToken(accessToken);
  setUser(user);
};

/** Begins the session a sign-in answered (login, an accepted invitation): token, user, permissions. */
export const beginSession = async (accessToken: string, user: SessionUser) => {
  clearSession();
  storeSession(accessToken, user);
  await Promise.all([loadPermissions(), loadPlatformAccess()]);
};

export const authProvider: AuthProvider = {
  async login({ email, password }: LoginParams) {
    const json = await apiData(client.POST('/api/auth/login', { body: { email, password } }));
    if (!json?.access_token || !json.user) throw new HttpError('Login failed', 500, null);
    await beginSession(json.access_token, json.user);
    // the login page shows its success message and navigates itself
    return { redirectTo: false };
  },

  async logout() {
    const offlineUser = offlineOwner();
    if (getSession().token) {
      // writes made offline are sent while the token still works; the unsent ones wait for the next sign-in
      await flushBeforeSignOut();
      try {
        await client.POST('/api/auth/logout');
      } catch {
        // ignored: the local session is cleared anyway
      }
    }
    clearSession();
    await forgetReads(offlineUser);
  },

  async checkAuth() {
    if (!isAuthenticated()) throw { redirectTo: '/login', message: false };
  },

  async checkError(error) {
    const status = error?.status;
    if (status === 401) {
      clearSession();
      throw { redirectTo: '/login' };
    }
  },

  async getIdentity(): Promise<UserIdentity> {
    const { user } = getSession();
    if (!user) throw new Error('Not authenticated');
    return { id: user.id, fullName: user.username, email: user.email, role: user.role };
  },

  async getPermissions(): Promise<AppPermissions> {
    const session = getSession();
    return {
      role: session.user?.role ?? null,
      modules: toModuleAccess(session.permissions),
      impersonating: isImpersonating(session),
    };
  },
};
