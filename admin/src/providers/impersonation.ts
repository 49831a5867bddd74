import { apiData, client } from './apiClient';
import { loadPermissions, storeSession } from './authProvider';
import { setImpersonatedCompany, type ImpersonatedCompany } from './session';

/**
 * Superadmin → company: POST /api/auth/impersonate/{id}. Stores the company token and user,
 * `impersonated_company`, and reloads permissions. Throws HttpError on failure (callers toast
 * the server message, else 'Impersonation failed').
 */
export const startImpersonation = async (companyId: number): Promise<ImpersonatedCompany> => {
  const json = await apiData(client.POST('/api/auth/impersonate/{id}', { params: { path: { id: companyId } } }));
  if (json?.access_token && json.user) storeSession(json.access_token, json.user);
  const company: ImpersonatedCompany = {
    id: json?.company?.id ?? companyId,
    company_name: json?.company?.company_name ?? json?.user?.company_name ?? '',
  };
  setImpersonatedCompany(company);
  await loadPermissions();
  return company;
};

/** POST /api/auth/stop-impersonate: back to the superadmin's own token and user. */
export const stopImpersonation = async (): Promise<void> => {
  const json = await apiData(client.POST('/api/auth/stop-impersonate'));
  if (!json?.access_token || !json.user) throw new Error('Failed to stop impersonation');
  storeSession(json.access_token, json.user);
  setImpersonatedCompany(null);
  await loadPermissions();
};
