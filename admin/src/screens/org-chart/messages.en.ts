import { addMessages } from '../../providers/i18nProvider';

/** Org chart: who reports to whom, as far as the user sees. */
export const orgChartMessages = {
  subtitle: 'Who reports to whom. Open a card to see the people below.',
  search: 'Find a person by name',
  search_hint: 'Type at least 2 letters of a name',
  searching: 'Searching…',
  no_match: 'Nobody on the chart matches “%{q}”.',
  search_failed: 'Could not search the org chart.',
  reports: '%{smart_count} report |||| %{smart_count} reports',
  nobody: 'Nobody reports to %{name} yet.',
  show: "Show %{name}'s reports",
  hide: "Hide %{name}'s reports",
  open_record: "Open %{name}'s employee record",
  empty: 'Nobody is on the org chart yet.',
  failed: 'Could not load the org chart.',
  reports_failed: "Could not load %{name}'s reports.",
  status: { on_leave: 'On leave', suspended: 'Suspended' },
};

addMessages({ org_chart: orgChartMessages });
