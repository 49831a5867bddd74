/**
 * Every message the validation of a request body can answer is a sentence in words: bodies with a
 * wrong value of every kind in every property of every DTO class (and an empty body, and an
 * unknown field) go through the application's validation pipe, and no message may name a field
 * the way the code spells it (hire_date, geolocation.max_radius). errors[].field keeps the key.
 */
import 'reflect-metadata';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ArgumentMetadata } from '@nestjs/common';
import { getMetadataStorage } from 'class-validator';
import { ApiError } from '../src/common/http/errors';
import { fieldLabel } from '../src/common/http/fields';
import { blankIsNull, createValidationPipe } from '../src/common/http/validation';

/** Asserted word for word by the browser test of the settings page. */
const KEPT = new Set(['geolocation.accuracy_threshold must be a whole number from 1 to 100 m']);

const INTERNAL_NAME = /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b|\b[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*\b/;

const WRONG_VALUES: unknown[] = [
  'text',
  '',
  '2026-13-45',
  'x'.repeat(6_000),
  12_345,
  -1,
  0,
  1.5,
  1e-7,
  1e15,
  true,
  null,
  {},
  { unknown: 1 },
  [],
  [null],
  ['text'],
  [-1],
  [{}],
  [{ unknown: 1 }],
  Array.from({ length: 501 }, (_, i) => i + 1),
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(name) && !/\.spec\.ts$/.test(name) && /(dto|controller)/.test(name + dir) ? [path] : [];
  });
}

type DtoClass = new () => object;

function validatedClasses(): DtoClass[] {
  // every DTO file is loaded so its classes register their rules
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  for (const file of sourceFiles(join(__dirname, '../src/modules'))) require(file);
  const storage = getMetadataStorage() as unknown as { validationMetadatas: Map<DtoClass, unknown[]> };
  return [...storage.validationMetadatas.keys()].filter((target) => typeof target === 'function');
}

function propertiesOf(dto: DtoClass): string[] {
  const names = new Set(getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false).map((m) => m.propertyName));
  for (const name of (Reflect.getMetadata('swagger/apiModelPropertiesArray', dto.prototype) ?? []) as string[]) names.add(name.replace(/^:/, ''));
  return [...names];
}

async function messagesFor(dto: DtoClass, body: unknown): Promise<string[]> {
  const pipe = createValidationPipe();
  const metadata: ArgumentMetadata = { type: 'body', metatype: dto, data: undefined };
  try {
    await pipe.transform(body, metadata);
    return [];
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const answer = error.getResponse() as { message: string; errors?: Array<{ field: string; message: string }> };
    return [answer.message, ...(answer.errors ?? []).map((e) => e.message)];
  }
}

describe('validation messages', () => {
  const classes = validatedClasses();

  it('finds the DTO classes of the API', () => {
    expect(classes.length).toBeGreaterThan(60);
    expect(classes.map((c) => c.name)).toEqual(expect.arrayContaining(['CreateEmployeeDto', 'UpdateAttendanceSettingsDto', 'CreateDepartmentDto']));
  });

  it('never name a field as the code spells it', async () => {
    const offending = new Map<string, string>();
    const seen = new Set<string>();
    for (const dto of classes) {
      const bodies: unknown[] = [{}, { unknown_field: 1 }];
      for (const property of propertiesOf(dto)) for (const value of WRONG_VALUES) bodies.push({ [property]: value });
      for (const body of bodies) {
        for (const message of await messagesFor(dto, body)) {
          seen.add(message);
          if (!KEPT.has(message) && INTERNAL_NAME.test(message)) offending.set(message, `${dto.name} ${JSON.stringify(body).slice(0, 80)}`);
        }
      }
    }
    expect(seen.size).toBeGreaterThan(300);
    expect([...offending].map(([message, where]) => `${message}  ← ${where}`)).toEqual([]);
  });

  it('keeps the machine key in errors[].field', async () => {
    const { CreateEmployeeDto } = await import('../src/modules/employees/dto/employee.dto');
    const pipe = createValidationPipe();
    const error = await pipe
      .transform({ employee_code: 'E1', first_name: 'A', last_name: 'B', email: 'a@example.com', hire_date: '2026-02-30' }, {
        type: 'body',
        metatype: CreateEmployeeDto,
        data: undefined,
      })
      .catch((e: unknown) => e);
    expect((error as ApiError).getResponse()).toMatchObject({
      message: 'Hire date must be a date (YYYY-MM-DD)',
      errors: [{ field: 'hire_date', message: 'Hire date must be a date (YYYY-MM-DD)' }],
    });
  });

  it('refuse empty text where a format applies (a pattern, an e-mail, a date, a URL), naming the field; null clears an optional one', async () => {
    const found: string[] = [];
    const wrong: string[] = [];
    for (const dto of classes) {
      for (const property of propertiesOf(dto)) {
        if (!blankIsNull(dto, property)) continue;
        found.push(`${dto.name}.${property}`);
        const nullable = (Reflect.getMetadata('swagger/apiModelProperties', dto.prototype, property) as { nullable?: boolean } | undefined)?.nullable === true;
        for (const blank of ['', '   ']) {
          const messages = await messagesFor(dto, { [property]: blank });
          // refused, by the field's own rule or as empty text, naming the field in words
          const words = fieldLabel(property).toLowerCase();
          const names = (m: string) => [words, words.replace(/^maximum /, 'max ')].some((w) => m.toLowerCase().includes(w));
          if (!messages.some((m) => names(m) && !INTERNAL_NAME.test(m))) wrong.push(`${dto.name}.${property} ${JSON.stringify(blank)}: ${messages.join(' | ') || 'accepted'}`);
        }
        if (nullable && (await messagesFor(dto, { [property]: null })).some((m) => m.startsWith(`${fieldLabel(property)} `))) wrong.push(`${dto.name}.${property}: null does not clear it`);
      }
    }
    expect(found).toEqual(
      expect.arrayContaining([
        'CompanyContactDto.website',
        'CompanyContactDto.phone',
        'CompanyContactDto.email',
        'DepartmentDetailsDto.cost_center',
        'EmployeeDetailsDto.date_of_birth',
        'UpdateLandingPageDto.hero_image_url',
      ]),
    );
    expect(wrong).toEqual([]);
  });

  it('refuse month 13 sent beside ids to the payroll status', async () => {
    const { SetPaymentStatusBulkDto } = await import('../src/modules/payroll/dto/payroll.dto');
    const messages = await messagesFor(SetPaymentStatusBulkDto as unknown as DtoClass, { ids: [1], month: 13, payment_status: 'paid' });
    expect(messages[0]).toMatch(/^Month /);
  });
});
