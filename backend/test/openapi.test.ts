import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateOpenApi, OPENAPI_FILE } from '../src/openapi/write-openapi';
import { OpenApiChecker, openApiChecker } from './support/openapi-check';
import { createValidationPipe } from '../src/common/http/validation';
import { CreateShiftDto } from '../src/modules/shifts/dto/shift.dto';
import { CreateWorkLocationDto } from '../src/modules/shifts/dto/work-location.dto';
import { UpdatePackageDto } from '../src/modules/packages/dto/package.dto';
import { UpdateReportSubscriptionDto } from '../src/modules/reports/dto/report-subscription.dto';

describe('openapi/openapi.json', () => {
  it('is what the code generates (run `npm run openapi` after changing the API)', async () => {
    const generated = await generateOpenApi();
    expect(readFileSync(OPENAPI_FILE, 'utf8')).toBe(generated);
  });

  const doc = JSON.parse(readFileSync(OPENAPI_FILE, 'utf8'));
  const operations = Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ path, method, op })),
  );

  it("passes Redocly's recommended rules (redocly.yaml; `npm run openapi:lint`), which CI runs beside this drift check", () => {
    const root = join(__dirname, '../..');
    let output = '';
    try {
      output = execFileSync(process.execPath, [join(root, 'node_modules/@redocly/cli/bin/cli.js'), 'lint', 'openapi/openapi.json', '--config', 'redocly.yaml', '--format', 'summary'], {
        cwd: root,
        encoding: 'utf8',
        stdio: 'pipe',
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      });
    } catch (error) {
      const e = error as { stdout?: string; stderr?: string };
      output = `${e.stdout ?? ''}${e.stderr ?? ''}`;
      throw new Error(`redocly lint failed:\n${output.split('\n').filter((l) => /error|warning/.test(l)).join('\n')}`);
    }
  }, 60_000);

  it('documents 400 wherever a parameter or body can be refused, 401 on every secured operation, 404 with a path id', () => {
    const missing: string[] = [];
    for (const { path, method, op } of operations) {
      const has = (s: string) => !!op.responses[s];
      if ((op.parameters?.length || op.requestBody || method !== 'get') && !has('400')) missing.push(`${method} ${path} 400`);
      if (!op['x-public'] && !has('401')) missing.push(`${method} ${path} 401`);
      if ((op['x-permission'] || op['x-roles']) && !has('403')) missing.push(`${method} ${path} 403`);
      if (path.includes('{') && !has('404')) missing.push(`${method} ${path} 404`);
      if (!has('414')) missing.push(`${method} ${path} 414`);
      for (const [status, r] of Object.entries<any>(op.responses)) {
        if (/^[45]/.test(status) && !r.content?.['application/json']?.schema) missing.push(`${method} ${path} ${status} has no schema`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('types path ids and *_id body fields as integers, and closes request bodies to unknown fields', () => {
    const wrong: string[] = [];
    for (const { path, method, op } of operations) {
      // every path parameter is an id, but an e-mailed link's token (GET /api/auth/invitations/{token})
      // and a report of the catalogue, one of its names (GET /api/reports/{report})
      for (const p of op.parameters ?? []) {
        const named = p.name === 'token' || (p.name === 'report' && Array.isArray(p.schema?.enum));
        if (p.in === 'path' && !named && p.schema?.type !== 'integer') wrong.push(`${method} ${path} ${p.name}`);
      }
    }
    for (const [name, schema] of Object.entries<any>(doc.components.schemas)) {
      if (!/^(Create|Update)/.test(name)) continue;
      if (schema.additionalProperties !== false) wrong.push(`${name} is open`);
      for (const [field, p] of Object.entries<any>(schema.properties ?? {})) {
        if (field.endsWith('_id') && p.type === 'number') wrong.push(`${name}.${field} is a number`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('carries the validation rules of the request bodies and the list parameters', () => {
    const login = doc.components.schemas.LoginDto.properties;
    expect(login.email).toMatchObject({ type: 'string', minLength: 1, maxLength: 255 });
    expect(doc.components.schemas.CheckInDto.properties.location.type).toBe('string');
    expect(doc.components.schemas.CheckInDto.properties.device_id.type).toBe('string');
    const list = doc.paths['/api/hr/departments'].get.parameters;
    const sort = list.find((p: any) => p.name === 'sort');
    expect(new RegExp(sort.schema.pattern, 'u').test('["department_name","desc"]')).toBe(true);
    const payslip = doc.paths['/api/hr/payroll/{id}/payslip'].get.responses['200'];
    expect(Object.keys(payslip.content)).toEqual(['application/pdf']);
    expect(Object.keys(doc.paths['/api/hr/employees/export'].get.responses['200'].content)).toEqual(['text/csv']);
  });
});

describe("the document's messages", () => {
  const doc = JSON.parse(readFileSync(OPENAPI_FILE, 'utf8'));
  const pipe = createValidationPipe();
  const refusal = async (dto: new () => object, body: object, field: string) => {
    try {
      await pipe.transform(body, { type: 'body', metatype: dto, data: undefined });
    } catch (error) {
      return ((error as { getResponse(): { errors: Array<{ field: string; message: string }> } }).getResponse().errors ?? []).find((e) => e.field === field)?.message;
    }
    return undefined;
  };

  it.each([
    { name: 'CreateShiftDto', dto: CreateShiftDto, body: { shift_name: 'Night', shift_code: 'X'.repeat(51), start_time: '22:00', end_time: '06:00' }, field: 'shift_code', rule: 'maxLength' },
    { name: 'CreateWorkLocationDto', dto: CreateWorkLocationDto, body: { location_name: 'Depot', latitude: 1, longitude: 1, radius: 5 }, field: 'radius', rule: 'minimum' },
    { name: 'CreateShiftDto', dto: CreateShiftDto, body: { shift_name: 'Night', shift_code: 'N', start_time: '25:00', end_time: '06:00' }, field: 'start_time', rule: 'pattern' },
    // updates built with PartialType carry the rules of the class they map
    { name: 'UpdatePackageDto', dto: UpdatePackageDto, body: { package_code: 'no spaces allowed' }, field: 'package_code', rule: 'pattern' },
    { name: 'UpdateReportSubscriptionDto', dto: UpdateReportSubscriptionDto, body: { department_id: 0 }, field: 'department_id', rule: 'minimum' },
  ])("$name $field: the pipe's own sentence for its broken $rule rule is in x-messages, which the console shows before sending", async ({ name, dto, body, field, rule }) => {
    const said = await refusal(dto as new () => object, body, field);
    expect(said).toBeTruthy();
    expect(doc.components.schemas[name].properties[field]['x-messages'][rule]).toBe(said);
  });
});

describe('the answer checker', () => {
  const checker = openApiChecker();
  const health = { success: true, data: { status: 'ok', database: 'ok' } };

  it('accepts a documented status with a body of its schema', () => {
    const ok = checker.check({ method: 'GET', url: '/api/auth/me', status: 401, contentType: 'application/json', body: { success: false, message: 'Authentication required' } });
    expect(ok).toBeUndefined();
  });

  it('refuses a status the operation does not document, naming the operation', () => {
    const problem = checker.check({ method: 'GET', url: '/api/health', status: 418, contentType: 'application/json', body: health });
    expect(problem).toMatch(/GET \/api\/health \(Health_health\) answered 418, which openapi\/openapi.json does not document/);
  });

  it('refuses a body that does not match the schema of its status, naming the field', () => {
    const problem = checker.check({
      method: 'GET',
      url: '/api/hr/departments/12?x=1',
      status: 404,
      contentType: 'application/json; charset=utf-8',
      body: { success: false, message: 42 },
    });
    expect(problem).toMatch(/GET \/api\/hr\/departments\/\{id\} \(Departments_get\) 404: the body does not match .*\/message must be string/);
  });

  it('refuses a content type the status does not document', () => {
    const problem = checker.check({ method: 'GET', url: '/api/hr/employees/export', status: 200, contentType: 'application/json', body: {} });
    expect(problem).toMatch(/answered 200 as application\/json, not as documented \(text\/csv\)/);
    expect(checker.check({ method: 'GET', url: '/api/hr/employees/export', status: 200, contentType: 'text/csv; charset=utf-8', body: {} })).toBeUndefined();
  });

  it('an /api path outside the document must answer 404 in the error envelope; the site and Swagger UI are not checked', () => {
    expect(checker.check({ method: 'GET', url: '/api/nope', status: 200, contentType: 'application/json', body: {} })).toMatch(/no such operation/);
    expect(checker.check({ method: 'GET', url: '/api/nope', status: 404, contentType: 'application/json', body: { success: false, message: 'Not found' } })).toBeUndefined();
    expect(checker.check({ method: 'GET', url: '/api/docs/openapi.json', status: 200, contentType: 'application/json', body: {} })).toBeUndefined();
    expect(checker.check({ method: 'GET', url: '/pricing', status: 200, contentType: 'text/html', body: {} })).toBeUndefined();
  });

  it('reads OpenAPI 3.0 nullable as JSON Schema', () => {
    const mini = new OpenApiChecker({
      paths: {
        '/api/x': {
          get: {
            operationId: 'X_get',
            responses: { '200': { content: { 'application/json': { schema: { type: 'object', properties: { a: { type: 'string', nullable: true }, b: { nullable: true } } } } } } },
          },
        },
      },
    });
    expect(mini.check({ method: 'GET', url: '/api/x', status: 200, contentType: 'application/json', body: { a: null, b: null } })).toBeUndefined();
    expect(mini.check({ method: 'GET', url: '/api/x', status: 200, contentType: 'application/json', body: { a: 1 } })).toMatch(/\/a must be string/);
  });
});
