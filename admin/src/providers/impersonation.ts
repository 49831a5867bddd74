import { api } from './httpClient';
import { loadPermissions, storeSession } from './authProvider';
import { setImpersonatedCompany, type ImpersonatedCompany, type SessionUser } from './session';

interface SwitchAnswer {
  access_token?: string;
  user?: SessionUser;
  company?: ImpersonatedCompany & Record<string, unknown>;
}

/**
 * Superadmin → company: POST /api/auth/impersonate/{id}. Stores the company token and user,
 * `impersonated_company`, and reloads permissions. Throws HttpError on failure (callers toast
 * the server message, else 'Impersonation failed').
 */
export const startImpersonation = async (companyId: number | string): Promise<ImpersonatedCompany> => {
  const { json } = await api.post<SwitchAnswer>(`/auth/impersonate/${encodeURIComponent(companyId)}`);
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
  const { json } = await api.post<SwitchAnswer>('/auth/stop-impersonate');
  if (!json?.access_token || !json.user) throw new Error('Failed to stop impersonation');
  storeSession(json.access_token, json.user);
  setImpersonatedCompany(null);
  await loadPermissions();
};
