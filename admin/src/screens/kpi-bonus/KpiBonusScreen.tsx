import { Placeholder } from '../placeholder/Placeholder';

/** /hr/kpi-bonus (hr.md KPI & Bonus Management) — placeholder until the real screen lands. */
export default function KpiBonusScreen() {
  return <Placeholder titleKey="screens.kpi_bonus" />;
}
