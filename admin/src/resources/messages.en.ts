import { attendanceResourceMessages } from './attendance';
import { monitoringResourceMessages } from './monitoring';
import { kpiMessages } from './kpi';
import { leaveRequestMessages } from './leave-requests';
import { platformMessages } from './platform';
import { peopleMessages } from './people';
import { payrollMessages } from './payroll';
import { settingsMessages } from './settings';
import { shiftRosterMessages } from './shift-roster';

/** Labels, help texts and enum wording of the schema layer's resources, by resource and field (`resources.<name>.fields.<field>`). */
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
