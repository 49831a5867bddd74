import { payrollMessages } from './payroll';
import { settingsMessages } from './settings';
import { shiftRosterMessages } from './shift-roster';

/** Labels, help texts and enum wording of the schema layer's resources, by resource and field (`resources.<name>.fields.<field>`). */
export const resourceMessages = {
  ...shiftRosterMessages,
  ...settingsMessages,
  ...payrollMessages,
};
