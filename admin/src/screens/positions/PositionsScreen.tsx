import { Placeholder } from '../placeholder/Placeholder';

/** /hr/positions (hr.md Positions) — placeholder until the real screen lands. */
export default function PositionsScreen() {
  return <Placeholder titleKey="screens.positions" />;
}
