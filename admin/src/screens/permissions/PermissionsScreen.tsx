import { Placeholder } from '../placeholder/Placeholder';

/** /hr/permissions (hr.md Permission Management) — placeholder until the real screen lands. */
export default function PermissionsScreen() {
  return <Placeholder titleKey="screens.permissions" />;
}
