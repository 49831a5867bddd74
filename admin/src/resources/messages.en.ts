import { addMessages } from '../providers/i18nProvider';
import { attendanceResourceMessages } from './attendance';
import { monitoringResourceMessages } from './monitoring';
import { kpiMessages } from './kpi';
import { leaveRequestMessages } from './leave-requests';
import { platformMessages } from './platform';
import { peopleMessages } from './people';
import { payrollMessages } from './payroll';
import { settingsMessages } from './settings';
import { shiftRosterMessages } from './shift-roster';

/**
 * Labels, help texts and enum wording of the schema layer's resources, by resource and field
 * (`resources.<name>.fields.<field>`), registered with the label lookup (schema/labels.ts), so
 * they load with the first screen that shows a resource and not in the console's first download.
 */
export const resourceMessages = {
  ...attendanceResourceMessages,
  ...shiftRosterMessages,
  ...monitoringResourceMessages,
  ...kpiMessages,
  ...platformMessages,
  ...peopleMessages,
  ...settingsMessages,
  ...payrollMessages,
  ...leaveRequestMessages,
};

addMessages({ resources: resourceMessages });
