import { expect, type APIRequestContext } from '@playwright/test';
import { COMPANY_ADMIN } from '../fixtures/users';

/** A unique suffix per call (tests share one database per run). */
export const uniqueId = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export interface Person {
  id: number;
  email: string;
  password: string;
  name: string;
}

type Row = Record<string, unknown>;

/** The API calls the app's browser tests prepare their data with, as Acme's company admin or as an employee. */
export class PwaApi {
  private constructor(
    readonly request: APIRequestContext,
    private readonly token: string,
  ) {}

  static async signIn(request: APIRequestContext, user: { email: string; password: string } = COMPANY_ADMIN): Promise<PwaApi> {
    const res = await request.post('/api/auth/login', { data: { email: user.email, password: user.password } });
    expect(res.status(), await res.text()).toBe(200);
    return new PwaApi(request, (await res.json()).data.access_token);
  }

  private get headers() {
    return { Authorization: `Bearer ${this.token}` };
  }

  async get<T = Row[]>(path: string): Promise<T> {
    const res = await this.request.get(path, { headers: this.headers });
    expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
    return (await res.json()).data as T;
  }

  async send<T = Row>(method: 'post' | 'put', path: string, data: unknown, expected = method === 'post' ? 201 : 200): Promise<T> {
    const res = await this.request[method](path, { headers: this.headers, data });
    expect(res.status(), `${method} ${path}: ${await res.text()}`).toBe(expected);
    return (await res.json()).data as T;
  }

  /** Acme's attendance settings' offline check-in flag; the previous value. */
  async allowOfflineCheckIn(allow: boolean): Promise<boolean> {
    const current = await this.get<{ general: { allow_offline_checkin: boolean } }>('/api/settings/attendance');
    await this.send('put', '/api/settings/attendance', { general: { allow_offline_checkin: allow } });
    return current.general.allow_offline_checkin;
  }

  /** A new position of the Engineering department, without a platform access setting (the app only). */
  async newPosition(): Promise<{ id: number; departmentId: number }> {
    const department = (await this.get('/api/hr/departments')).find((d) => d.department_code === 'ENG')!;
    const id = uniqueId();
    const position = await this.send('post', '/api/hr/positions', {
      position_code: `APP${id}`.slice(0, 20).toUpperCase(),
      position_title: `App user ${id}`,
      department_id: department.id,
    });
    return { id: position.id as number, departmentId: department.id as number };
  }

  /** Sets the web / app access of a position (platform.md 6, hr.md 3). */
  async platformAccess(positionId: number, rule: { allowWebAccess: boolean; allowPWAAccess: boolean; forcePWA: boolean }) {
    await this.send('post', '/api/hr/platform-access-settings', { settings: { [positionId]: { ...rule, description: 'browser test' } } }, 200);
  }

  /**
   * A new Acme engineer who can sign in (Engineering has the attendance, leave and payroll modules);
   * by default on the Software Engineer position, whose demo setting allows the browser and the app;
   * `fields` overrides the record's own (a hire date…).
   */
  async newEmployee(position?: { id: number; departmentId: number }, fields: Record<string, unknown> = {}): Promise<Person> {
    const department = position
      ? { id: position.departmentId }
      : (await this.get('/api/hr/departments')).find((d) => d.department_code === 'ENG')!;
    const positionId = position?.id ?? (await this.get('/api/hr/positions')).find((p) => p.position_code === 'SWE')!.id;
    const id = uniqueId();
    const person = { email: `app.${id}@acme.example.com`, password: 'Phone#App2026', name: `Pat Phone${id}` };
    const employee = await this.send('post', '/api/hr/employees', {
      employee_code: `APP${id}`.slice(0, 20).toUpperCase(),
      first_name: 'Pat',
      last_name: `Phone${id}`,
      email: person.email,
      hire_date: '2024-01-15',
      salary: '60000.00',
      department_id: department.id,
      position_id: positionId,
      enable_login: true,
      username: `app.${id}`,
      password: person.password,
      ...fields,
    });
    return { ...person, id: employee.id as number };
  }
}
