/** Texts of the console's shell (header, banners, Access Denied's ways on) that are not the spec's own. */
export const shellMessages = {
  header: {
    signed_in_as: 'Signed in as %{name}',
  },
  banner: {
    installed_app: 'Installed app: works offline, and what you change offline is sent once you are back online',
    permissions_failed: 'Your access rights could not be loaded: %{message}. Until they are, only the dashboard is open.',
    permissions_failed_unknown: 'Your access rights could not be loaded. Until they are, only the dashboard is open.',
  },
  access_denied: {
    plan_ask_admin: "Your company's plan does not include %{screen} — ask your administrator about upgrading",
    impersonating: '%{screen} belongs to the platform: exit impersonation to open it',
  },
};
