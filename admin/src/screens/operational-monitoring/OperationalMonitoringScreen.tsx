import { Placeholder } from '../placeholder/Placeholder';

/** /hr/operational-monitoring (hr.md Operational Monitoring) — placeholder until the real screen lands. */
export default function OperationalMonitoringScreen() {
  return <Placeholder titleKey="screens.operational_monitoring" />;
}
