/** English texts of the Shift Roster screen (hr.md 2, 3, 5), merged into src/i18n/en.ts as `shift_roster`; its collections' texts are in src/resources/shift-roster.ts. */
export const shiftRosterMessages = {
  subtitle: 'Shifts, work locations and who works where and when.',
  tabs: { shifts: 'Shifts', locations: 'Locations', assignments: 'Assignments' },
  use_here: 'Use my current position',
};
