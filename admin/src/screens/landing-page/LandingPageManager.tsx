import { Placeholder } from '../placeholder/Placeholder';

/** /admin/landing-page (platform.md 2.11) — placeholder until the real screen lands. */
export default function LandingPageManager() {
  return <Placeholder titleKey="screens.landing_page" />;
}
