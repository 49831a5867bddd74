/**
 * The platform rule of platform.md 6: superadmin web only (not PWA mode); company_admin either;
 * client and employee the PWA, unless their position's platform access setting allows the web.
 * The signed-in user's rule is loaded once after sign-in (GET /api/auth/platform-access) and kept
 * with the session; the route guard applies it on every protected route.
 */
import type { components } from '../../../openapi/schema';
import { apiData, client } from './apiClient';
import { STORAGE_KEYS, type Session } from './session';

export type PlatformRule = Pick<components['schemas']['MyPlatformAccessDto'], 'allowWebAccess' | 'allowPWAAccess' | 'forcePWA'>;

export type PlatformRedirect = '/platform-warning' | '/pwa-install';

/** hr.md 3: a position without a setting (and a client without a position). */
const DEFAULT_RULE: PlatformRule = { allowWebAccess: false, allowPWAAccess: true, forcePWA: false };
/** The user who chose 'Continue in Browser (Limited Access)' in this tab. */
const CONTINUE_KEY = 'pwa_continue_in_browser';

const listeners = new Set<() => void>();
let cached: { raw: string | null; rule: PlatformRule | null } = { raw: null, rule: null };
const changed = () => listeners.forEach((listener) => listener());

export const subscribePlatformRule = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The stored rule of the signed-in user (null until loaded). */
export const storedPlatformRule = (): PlatformRule | null => {
  const raw = localStorage.getItem(STORAGE_KEYS.platformAccess);
  if (raw !== cached.raw) {
    let rule: PlatformRule | null = null;
    try {
      const parsed = raw ? JSON.parse(raw) : null;
      if (parsed && typeof parsed === 'object') {
        rule = {
          allowWebAccess: parsed.allowWebAccess === true,
          allowPWAAccess: parsed.allowPWAAccess !== false,
          forcePWA: parsed.forcePWA === true,
        };
      }
    } catch {
      rule = null;
    }
    cached = { raw, rule };
  }
  return cached.rule;
};

let loading: Promise<PlatformRule> | null = null;

/** GET /api/auth/platform-access; on failure the default rule (the app only) is kept. */
export const loadPlatformAccess = (): Promise<PlatformRule> => {
  loading ??= (async () => {
    let rule = DEFAULT_RULE;
    try {
      const json = await apiData(client.GET('/api/auth/platform-access'));
      if (json) rule = json;
    } catch (error) {
      console.warn('Failed to load the platform rule:', error instanceof Error ? error.message : error);
    }
    const stored: PlatformRule = {
      allowWebAccess: rule.allowWebAccess,
      allowPWAAccess: rule.allowPWAAccess,
      forcePWA: rule.forcePWA,
    };
    localStorage.setItem(STORAGE_KEYS.platformAccess, JSON.stringify(stored));
    changed();
    return stored;
  })().finally(() => {
    loading = null;
  });
  return loading;
};

/** 'Continue in Browser (Limited Access)': the user may use the browser in this tab. */
export const continueInBrowser = (userId: number | string) => {
  sessionStorage.setItem(CONTINUE_KEY, String(userId));
  changed();
};

const continuedInBrowser = (userId: number | string) => sessionStorage.getItem(CONTINUE_KEY) === String(userId);

/** May this user continue in the browser from /pwa-install? Not when the position forces the app. */
export const mayContinueInBrowser = (rule: PlatformRule | null) => !(rule ?? DEFAULT_RULE).forcePWA;

/**
 * Where the rule sends this session in this display mode, or null to stay. `pending` when the
 * rule of a client or employee is not loaded yet.
 */
export const platformRedirect = (
  session: Session,
  standalone: boolean,
  rule: PlatformRule | null,
): PlatformRedirect | null | 'pending' => {
  const user = session.user;
  if (!session.token || !user) return null;
  if (user.role === 'superadmin') return standalone ? '/platform-warning' : null;
  if (user.role === 'company_admin') return null;
  if (!rule) return 'pending';
  if (standalone) return rule.allowPWAAccess ? null : '/platform-warning';
  if (rule.allowWebAccess && !rule.forcePWA) return null;
  if (mayContinueInBrowser(rule) && continuedInBrowser(user.id)) return null;
  return '/pwa-install';
};
