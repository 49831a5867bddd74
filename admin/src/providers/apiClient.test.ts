import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from 'react-admin';
import { apiData, apiFile, client, dispositionFileName } from './apiClient';
import { httpClient } from './httpClient';

/** The session lives in localStorage, which Node has not. */
const storage = new Map<string, string>();
const localStorageStub = {
  getItem: (key: string) => storage.get(key) ?? null,
  setItem: (key: string, value: string) => void storage.set(key, String(value)),
  removeItem: (key: string) => void storage.delete(key),
};

/** openapi-fetch builds a Request, which needs an absolute URL outside a browser. */
const BASE = { baseUrl: 'http://console.test' };

/** Bytes that are not UTF-8 (as in any PDF): reading them as text would replace them. */
const PDF = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37, 0x0a, 0x25, 0xe2, 0xe3, 0xcf, 0xd3, 0xff, 0x00, 0x80]);

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  storage.clear();
  storage.set('token', 'old-token');
  fetchMock = vi.fn();
  vi.stubGlobal('localStorage', localStorageStub);
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const pdfAnswer = () =>
  new Response(PDF, {
    status: 200,
    headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="payslip-EMP001-2026-01.pdf"' },
  });

describe('typed file downloads', () => {
  it('a file comes through byte for byte with the name of its Content-Disposition and the session token', async () => {
    fetchMock.mockResolvedValueOnce(pdfAnswer());
    const file = await apiFile(client.GET('/api/hr/payroll/{id}/payslip', { ...BASE, params: { path: { id: 7 } }, parseAs: 'blob' }), 'payslip.pdf');
    expect(new Uint8Array(await file.blob.arrayBuffer())).toEqual(PDF);
    expect(file.name).toBe('payslip-EMP001-2026-01.pdf');
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('http://console.test/api/hr/payroll/7/payslip');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer old-token');
  });

  it('an expired token is refreshed once and the file asked again', async () => {
    fetchMock
      .mockResolvedValueOnce(json(401, { success: false, message: 'Token expired' }))
      .mockResolvedValueOnce(json(200, { success: true, data: { access_token: 'new-token' } }))
      .mockResolvedValueOnce(pdfAnswer());
    const file = await apiFile(client.GET('/api/hr/payroll/{id}/payslip', { ...BASE, params: { path: { id: 7 } }, parseAs: 'blob' }), 'payslip.pdf');
    expect(new Uint8Array(await file.blob.arrayBuffer())).toEqual(PDF);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(fetchMock.mock.calls[1][0]).toBe('/api/auth/refresh');
    expect(new Headers(fetchMock.mock.calls[2][1].headers).get('Authorization')).toBe('Bearer new-token');
  });

  it('a refused file is an HttpError with the server message', async () => {
    fetchMock.mockResolvedValueOnce(json(404, { success: false, message: 'Payroll record not found' }));
    const call = apiFile(client.GET('/api/hr/payroll/{id}/payslip', { ...BASE, params: { path: { id: 7 } }, parseAs: 'blob' }), 'payslip.pdf');
    await expect(call).rejects.toBeInstanceOf(HttpError);
    await expect(call).rejects.toMatchObject({ status: 404, message: 'Payroll record not found' });
  });

  it('a text file keeps its bytes (the BOM too) and still reads as text', async () => {
    const csv = '\uFEFFemployee_code,employee_name\nEMP001,Zoë\n';
    fetchMock.mockImplementation(async () => new Response(csv, { status: 200, headers: { 'Content-Type': 'text/csv; charset=utf-8' } }));
    const file = await apiFile(client.GET('/api/hr/payroll/export', { ...BASE, params: { query: { year: 2026, month: 1 } }, parseAs: 'blob' }), 'payroll.csv');
    expect(new Uint8Array(await file.blob.arrayBuffer())).toEqual(new TextEncoder().encode(csv));
    expect(file.name).toBe('payroll.csv');
    const { data } = await client.GET('/api/hr/payroll/export', { ...BASE, params: { query: { year: 2026, month: 1 } }, parseAs: 'text' });
    expect(data).toBe('employee_code,employee_name\nEMP001,Zoë\n');
  });

  it('JSON answers are unwrapped as before', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { success: true, data: { total_payroll: '10.00' } }));
    const summary = await apiData(client.GET('/api/hr/payroll/summary', { ...BASE, params: { query: { year: 2026, month: 1 } } }));
    expect(summary).toEqual({ total_payroll: '10.00' });
  });
});

describe('httpClient', () => {
  it('reads every body as text unless asked for bytes', async () => {
    fetchMock.mockResolvedValueOnce(new Response('a,b\n', { status: 200, headers: { 'Content-Type': 'text/csv' } }));
    const answer = await httpClient('http://console.test/api/hr/payroll/export');
    expect(answer.body).toBe('a,b\n');
    expect(answer.json).toBe('a,b\n');
    expect(answer.blob).toBeUndefined();
  });

  it('keeps a JSON answer as JSON when asked for bytes', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { success: true, data: [1], message: 'ok' }));
    const answer = await httpClient('http://console.test/api/x', { responseType: 'blob' });
    expect(answer).toMatchObject({ json: [1], message: 'ok' });
    expect(answer.blob).toBeUndefined();
  });
});

describe('dispositionFileName', () => {
  it.each([
    ['attachment; filename="payroll-2026-01.csv"', 'payroll-2026-01.csv'],
    ['attachment; filename=payroll.csv', 'payroll.csv'],
    ['attachment; filename="Zo?.pdf"; filename*=UTF-8\'\'Zo%C3%AB.pdf', 'Zoë.pdf'],
    ['attachment; filename="a \\"b\\".pdf"', 'a "b".pdf'],
    ['attachment', 'fallback.pdf'],
  ])('%s → %s', (header, name) => {
    expect(dispositionFileName(header, 'fallback.pdf')).toBe(name);
  });

  it('without a header, the fallback', () => {
    expect(dispositionFileName(null, 'payslip.pdf')).toBe('payslip.pdf');
  });
});
