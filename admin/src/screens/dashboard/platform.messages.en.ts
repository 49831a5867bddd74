/** English texts of the platform view of /dashboard (platform.md 2.12), merged into src/i18n/en.ts as `platform_dashboard`. */
export const platformDashboardMessages = {
  total_companies: 'Total Companies',
  active_clients: 'Active Clients',
  total_users: 'Total Users',
  mrr: 'MRR',
  mrr_hint: 'Monthly recurring revenue of the active companies',
  in_trial: '%{count} in free trial',
  plans: 'Companies by package',
  recent: 'Recent Companies',
  no_companies: 'No companies yet',
  active_of: '%{active} active of %{total}',
  load_failed: 'Failed to load the platform figures',
};
