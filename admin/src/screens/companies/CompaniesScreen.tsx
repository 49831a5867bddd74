import { Placeholder } from '../placeholder/Placeholder';

/** /companies (platform.md 2.13) — placeholder until the real screen lands. */
export default function CompaniesScreen() {
  return <Placeholder titleKey="screens.companies" />;
}
