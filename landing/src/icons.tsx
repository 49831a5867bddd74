// Outline icons for the features grid, chosen by a feature's icon_name (24×24, stroke).
const PATHS: Record<string, string> = {
  users:
    '<path d="M17 21v-2a4 4 0 0 0-4-4H5a4 4 0 0 0-4 4v2"/><circle cx="9" cy="7" r="4"/><path d="M23 21v-2a4 4 0 0 0-3-3.87M16 3.13a4 4 0 0 1 0 7.75"/>',
  clock: '<circle cx="12" cy="12" r="10"/><path d="M12 6v6l4 2"/>',
  calendar: '<rect x="3" y="4" width="18" height="18" rx="2"/><path d="M16 2v4M8 2v4M3 10h18"/>',
  wallet: '<path d="M12 1v22M17 5H9.5a3.5 3.5 0 0 0 0 7h5a3.5 3.5 0 0 1 0 7H6"/>',
  activity: '<path d="M22 12h-4l-3 9L9 3l-3 9H2"/>',
  award: '<circle cx="12" cy="8" r="7"/><path d="M8.21 13.89 7 23l5-3 5 3-1.21-9.12"/>',
  shield: '<path d="M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z"/>',
  chart: '<path d="M12 20V10M18 20V4M6 20v-4"/>',
  briefcase: '<rect x="2" y="7" width="20" height="14" rx="2"/><path d="M16 21V5a2 2 0 0 0-2-2h-4a2 2 0 0 0-2 2v16"/>',
  smartphone: '<rect x="5" y="2" width="14" height="20" rx="2"/><path d="M12 18h.01"/>',
  check: '<path d="M20 6 9 17l-5-5"/>',
  globe:
    '<circle cx="12" cy="12" r="10"/><path d="M2 12h20M12 2a15.3 15.3 0 0 1 4 10 15.3 15.3 0 0 1-4 10 15.3 15.3 0 0 1-4-10 15.3 15.3 0 0 1 4-10z"/>',
};

const ALIASES: Record<string, string> = {
  employees: 'users',
  team: 'users',
  attendance: 'clock',
  time: 'clock',
  leave: 'calendar',
  payroll: 'wallet',
  money: 'wallet',
  dollar: 'wallet',
  monitoring: 'activity',
  kpi: 'award',
  bonus: 'award',
  trophy: 'award',
  security: 'shield',
  lock: 'shield',
  reports: 'chart',
  analytics: 'chart',
  company: 'briefcase',
  mobile: 'smartphone',
  pwa: 'smartphone',
  world: 'globe',
};

/** The icon named `name` (case-insensitive, with a few aliases), or the title's first letter. */
export function FeatureIcon({ name, title }: { name?: string | null; title: string }) {
  const key = (name ?? '').trim().toLowerCase();
  const paths = PATHS[ALIASES[key] ?? key];
  if (!paths) {
    return (
      <span className="icon" aria-hidden="true">
        {title.charAt(0)}
      </span>
    );
  }
  return (
    <span className="icon" aria-hidden="true">
      <svg
        viewBox="0 0 24 24"
        width="22"
        height="22"
        fill="none"
        stroke="currentColor"
        stroke-width="2"
        stroke-linecap="round"
        stroke-linejoin="round"
        // constant markup from this file, never content
        dangerouslySetInnerHTML={{ __html: paths }}
      />
    </span>
  );
}
