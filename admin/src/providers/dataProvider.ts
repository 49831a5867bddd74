import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider, Identifier } from 'react-admin';
import { API_URL, httpClient } from './httpClient';

/**
 * react-admin data provider: ra-data-simple-rest on /api through the envelope-unwrapping httpClient.
 * Resource names are the spec's routes without the leading slash: `hr/employees` → /api/hr/employees.
 * Under impersonation nothing extra is sent: the token carries the company.
 */
const base = simpleRestProvider(API_URL, httpClient);

/** The API answers a delete with a message and maybe no record; react-admin wants a record. */
const deletedRecord = (json: any, id: Identifier, previousData?: any) =>
  json && typeof json === 'object' && 'id' in json ? json : { ...(previousData ?? {}), id };

export const dataProvider: DataProvider = {
  ...base,
  delete: async (resource, params) => {
    const { json } = await httpClient(`${API_URL}/${resource}/${encodeURIComponent(params.id)}`, {
      method: 'DELETE',
    });
    return { data: deletedRecord(json, params.id, params.previousData) };
  },
  deleteMany: async (resource, params) => {
    await Promise.all(
      params.ids.map((id) => httpClient(`${API_URL}/${resource}/${encodeURIComponent(id)}`, { method: 'DELETE' })),
    );
    return { data: params.ids };
  },
};
