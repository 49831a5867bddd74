import { fetchSelfService, saveSelfService } from './api';
import { PolicyCard } from './PolicyCard';

/**
 * Settings → Permissions, above the matrix: the company's self-service policy. On (the default),
 * every active employee with a login works on their own attendance, leave and payslips without a
 * matrix right.
 */
export const SelfServiceCard = () => (
  <PolicyCard messages="self_service" testId="self-service-card" fetch={fetchSelfService} save={saveSelfService} />
);
