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

/** `Content-Range: items 0-24/319` → 319; a list answered whole (no range) counts its rows. */
const totalOf = (headers: Headers, rows: unknown[]) => {
  const total = Number(headers.get('Content-Range')?.split('/').pop());
  return Number.isFinite(total) ? total : rows.length;
};

export const dataProvider: DataProvider = {
  ...base,
  getList: async (resource, params) => {
    const { page, perPage } = params.pagination ?? { page: 1, perPage: 25 };
    const { field, order } = params.sort ?? { field: 'id', order: 'ASC' };
    const query = new URLSearchParams({
      sort: JSON.stringify([field, order]),
      range: JSON.stringify([(page - 1) * perPage, page * perPage - 1]),
      filter: JSON.stringify(params.filter ?? {}),
    });
    // a collection answered whole takes no list parameters (the schema layer says so in meta)
    const url = params.meta?.whole ? `${API_URL}/${resource}` : `${API_URL}/${resource}?${query}`;
    const { json, headers } = await httpClient<any[]>(url, { signal: params.signal });
    const rows = Array.isArray(json) ? json : [];
    return { data: rows, total: totalOf(headers, rows) };
  },
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
