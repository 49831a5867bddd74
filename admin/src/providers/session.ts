import type { components } from '../../../openapi/schema';
/**
 * The browser session: the four localStorage keys of spec 4 and a tiny subscribable store over them.
 * Everything that reads or writes the session goes through here (providers, guard, layout).
 */
export const STORAGE_KEYS = {
  token: 'token',
  user: 'user',
  impersonatedCompany: 'impersonated_company',
  permissions: 'permissions',
  /** the signed-in user's platform rule (providers/platformAccess.ts) */
  platformAccess: 'platform_access',
} as const;

export type Role = components['schemas']['UserResponseDto']['role'];

type Schemas = components['schemas'];

/** The signed-in user as the API answers it (login, /auth/me, impersonation). */
export type SessionUser = Schemas['UserResponseDto'];

/** One entry of GET /api/permissions/user/permissions. */
export type PermissionEntry = Schemas['EffectivePermissionDto'];

/** The company a superadmin works as (kept from the impersonation's answer). */
export type ImpersonatedCompany = Pick<Schemas['CompanyResponseDto'], 'id' | 'company_name'>;

/** Whose records a right covers (own, team, department, company). */
export type RecordScope = NonNullable<PermissionEntry['view_scope']>;

export interface ModuleAccess {
  view: boolean;
  create: boolean;
  edit: boolean;
  delete: boolean;
  /** whose records the view right covers; null without it */
  viewScope: RecordScope | null;
}

export interface Session {
  token: string | null;
  user: SessionUser | null;
  permissions: PermissionEntry[];
  impersonatedCompany: ImpersonatedCompany | null;
}

const KEYS = [STORAGE_KEYS.token, STORAGE_KEYS.user, STORAGE_KEYS.permissions, STORAGE_KEYS.impersonatedCompany];

const rawValues = () => KEYS.map((key) => localStorage.getItem(key));

const build = ([token, user, permissions, impersonatedCompany]: (string | null)[]): Session => {
  const parse = <T>(raw: string | null, fallback: T): T => {
    try {
      return raw ? (JSON.parse(raw) as T) : fallback;
    } catch {
      return fallback;
    }
  };
  const list = parse<PermissionEntry[]>(permissions, []);
  return {
    token,
    user: parse<SessionUser | null>(user, null),
    permissions: Array.isArray(list) ? list : [],
    impersonatedCompany: parse<ImpersonatedCompany | null>(impersonatedCompany, null),
  };
};

let snapshot: { raw: (string | null)[]; session: Session } | null = null;
const listeners = new Set<() => void>();

const changed = () => {
  listeners.forEach((listener) => listener());
};

if (typeof window !== 'undefined') {
  // another tab signed in or out
  window.addEventListener('storage', (event) => {
    if (event.key === null || (KEYS as string[]).includes(event.key)) changed();
  });
}

/**
 * Current session, read from localStorage (so direct writes are seen too); the same object is
 * returned while the stored values are unchanged, as useSyncExternalStore needs.
 */
export const getSession = (): Session => {
  const raw = rawValues();
  if (!snapshot || raw.some((value, i) => value !== snapshot!.raw[i])) snapshot = { raw, session: build(raw) };
  return snapshot.session;
};

export const subscribeSession = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const write = (key: string, value: unknown) => {
  if (value === null || value === undefined) localStorage.removeItem(key);
  else localStorage.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
};

export const setToken = (token: string | null) => {
  write(STORAGE_KEYS.token, token);
  changed();
};

export const setUser = (user: SessionUser | null) => {
  write(STORAGE_KEYS.user, user);
  changed();
};

export const setPermissions = (permissions: PermissionEntry[]) => {
  write(STORAGE_KEYS.permissions, permissions);
  changed();
};

export const setImpersonatedCompany = (company: ImpersonatedCompany | null) => {
  write(STORAGE_KEYS.impersonatedCompany, company);
  changed();
};

/** Logout / expired session: clears token, user, impersonated company and permissions. */
export const clearSession = () => {
  Object.values(STORAGE_KEYS).forEach((key) => localStorage.removeItem(key));
  changed();
};

export const isAuthenticated = (session: Session = getSession()) => !!session.token;

export const isImpersonating = (session: Session = getSession()) =>
  !!session.impersonatedCompany || !!session.user?.impersonating;

/** Permission list → `{ employees: { view, create, edit, delete }, ... }` keyed by module_key. */
export const toModuleAccess = (permissions: PermissionEntry[]): Record<string, ModuleAccess> => {
  const modules: Record<string, ModuleAccess> = {};
  for (const entry of permissions) {
    const key = entry?.module?.module_key;
    if (!key) continue;
    modules[key] = {
      view: !!entry.can_view,
      create: !!entry.can_create,
      edit: !!entry.can_edit,
      delete: !!entry.can_delete,
      // a list kept from before rights carried a scope says nothing wider than one's own until it is read again
      viewScope: entry.can_view ? (entry.view_scope ?? 'own') : null,
    };
  }
  return modules;
};

/** Whether a module's view covers other people's records too (a team, a department, the company). */
export const viewsBeyondOwn = (access: ModuleAccess | undefined): boolean => !!access?.view && access.viewScope !== 'own';

/** Name of the company the user works in (the impersonated one while impersonating). */
export const companyName = (session: Session = getSession()): string | null =>
  session.impersonatedCompany?.company_name ?? session.user?.company_name ?? null;
