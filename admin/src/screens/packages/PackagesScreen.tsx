import { Placeholder } from '../placeholder/Placeholder';

/** /packages (platform.md 2.14) — placeholder until the real screen lands. */
export default function PackagesScreen() {
  return <Placeholder titleKey="screens.packages" />;
}
