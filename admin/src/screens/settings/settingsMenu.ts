import type { Role } from '../../providers/session';

export type SettingsTab = 'permissions' | 'platform' | 'subscription' | 'leave' | 'attendance' | 'profile' | 'notifications' | 'system';

/** hr.md 6: the Settings side menu by role, in the order of the Settings page. */
const ENTRIES: ReadonlyArray<{ tab: SettingsTab; roles: readonly Role[] }> = [
  { tab: 'permissions', roles: ['superadmin', 'company_admin'] },
  { tab: 'platform', roles: ['company_admin'] },
  // the company's package, billing and invoices
  { tab: 'subscription', roles: ['company_admin'] },
  { tab: 'leave', roles: ['superadmin', 'company_admin'] },
  { tab: 'attendance', roles: ['superadmin', 'company_admin'] },
  // everyone: the own profile and notification preferences
  { tab: 'profile', roles: ['superadmin', 'company_admin', 'employee', 'client'] },
  { tab: 'notifications', roles: ['superadmin', 'company_admin', 'employee', 'client'] },
  { tab: 'system', roles: ['superadmin'] },
];

/** The tabs everyone has; the others are the company's settings (module settings). */
const OWN_TABS: readonly SettingsTab[] = ['profile', 'notifications'];

/** The role's tabs; without the company's settings (`companySettings` false) only Profile and Notifications. */
export const settingsTabs = (role: Role | undefined, companySettings = true): SettingsTab[] =>
  role ? ENTRIES.filter((e) => e.roles.includes(role) && (companySettings || OWN_TABS.includes(e.tab))).map((e) => e.tab) : [];

/** Permissions for superadmin and company_admin with the company's settings; otherwise the first tab other than permissions. */
export const defaultSettingsTab = (role: Role | undefined, companySettings = true): SettingsTab | undefined => {
  const tabs = settingsTabs(role, companySettings);
  if (tabs.includes('permissions')) return 'permissions';
  return tabs.find((tab) => tab !== 'permissions');
};
