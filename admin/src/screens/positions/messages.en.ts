/** English texts of the Positions screen beyond its resource's (resources/people.ts), merged into src/i18n/en.ts as `positions`. */
export const positionsMessages = {
  title: 'Positions',
  subtitle: 'Define job positions, levels and salary ranges',
  not_set: 'Not set',
};
