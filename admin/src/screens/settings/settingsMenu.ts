import type { Role } from '../../providers/session';

export type SettingsTab = 'permissions' | 'platform' | 'leave' | 'attendance' | 'profile' | 'notifications' | 'system';

/** hr.md 6: the Settings side menu by role, in the order of the Settings page. */
const ENTRIES: ReadonlyArray<{ tab: SettingsTab; roles: readonly Role[] }> = [
  { tab: 'permissions', roles: ['superadmin', 'company_admin'] },
  { tab: 'platform', roles: ['company_admin'] },
  { tab: 'leave', roles: ['superadmin', 'company_admin'] },
  { tab: 'attendance', roles: ['superadmin', 'company_admin'] },
  { tab: 'profile', roles: ['superadmin', 'company_admin', 'employee'] },
  { tab: 'notifications', roles: ['superadmin', 'company_admin', 'employee'] },
  { tab: 'system', roles: ['superadmin'] },
];

export const settingsTabs = (role: Role | undefined): SettingsTab[] =>
  role ? ENTRIES.filter((e) => e.roles.includes(role)).map((e) => e.tab) : [];

/** Permissions for superadmin and company_admin; otherwise the first tab other than permissions. */
export const defaultSettingsTab = (role: Role | undefined): SettingsTab | undefined => {
  const tabs = settingsTabs(role);
  if (role === 'superadmin' || role === 'company_admin') return 'permissions';
  return tabs.find((tab) => tab !== 'permissions');
};
