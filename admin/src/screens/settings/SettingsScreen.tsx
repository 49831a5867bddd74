import { Placeholder } from '../placeholder/Placeholder';

/** /settings (hr.md Settings page) — placeholder until the real screen lands. */
export default function SettingsScreen() {
  return <Placeholder titleKey="screens.settings" />;
}
