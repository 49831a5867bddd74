import { fetchLineManagers, saveLineManagers } from './api';
import { PolicyCard } from './PolicyCard';
import './scopes.messages.en';

/**
 * Settings → Permissions, beside the self-service card: the company's line-manager policy. On (the
 * default), every employee whom others report to works on the team's records without a matrix
 * right; the matrix still gives whatever a position needs.
 */
export const LineManagersCard = () => (
  <PolicyCard messages="line_managers" testId="line-managers-card" fetch={fetchLineManagers} save={saveLineManagers} />
);
