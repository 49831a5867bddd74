import { describe, expect, it } from 'vitest';
import { compactDocument } from './compact';
import { detailFields, formFields, humanize, listColumns, listFilters } from './derive';
import { bodyFrom } from './body';
import { validatorsOf } from './validation';

/** A document as the server writes it: one collection, envelope answers, list parameters in words. */
function fixture(extra?: { name: string; schema: Record<string, unknown>; required?: boolean; filter?: boolean }) {
  const body: Record<string, any> = {
    type: 'object',
    properties: {
      room_name: { type: 'string', minLength: 1, maxLength: 100 },
      capacity: { type: 'integer', minimum: 1, maximum: 500 },
      opens_at: { type: 'string', pattern: '^([01]\\d|2[0-3]):[0-5]\\d$', example: '09:00' },
      manager_id: { type: 'integer', nullable: true, minimum: 1 },
      is_active: { type: 'boolean', default: true },
      company_id: { type: 'integer', minimum: 1 },
    },
    required: ['room_name', 'capacity'],
  };
  const record: Record<string, any> = {
    type: 'object',
    properties: {
      id: { type: 'number' },
      room_name: { type: 'string' },
      capacity: { type: 'number' },
      opens_at: { type: 'string', example: '09:00' },
      manager_id: { type: 'number', nullable: true },
      manager_name: { type: 'string', nullable: true },
      is_active: { type: 'boolean' },
      created_at: { type: 'string' },
    },
  };
  const filters = ['q', 'id', 'is_active', 'manager_id', 'company_id'];
  if (extra) {
    body.properties[extra.name] = extra.schema;
    if (extra.required) body.required.push(extra.name);
    record.properties[extra.name] = { ...extra.schema, minLength: undefined, maxLength: undefined, pattern: undefined };
    if (extra.filter) filters.push(extra.name);
  }
  const envelope = (data: unknown) => ({
    content: { 'application/json': { schema: { type: 'object', properties: { success: { type: 'boolean' }, data } } } },
  });
  return {
    paths: {
      '/api/hr/rooms': {
        get: {
          'x-permission': { module: 'settings', action: 'view' },
          parameters: [
            { name: 'sort', in: 'query', description: 'JSON ["field","ASC"|"DESC"]; sortable fields: id, room_name, capacity (default ["room_name","ASC"])' },
            { name: 'range', in: 'query' },
            {
              name: 'filter',
              in: 'query',
              description: `JSON object of filters: ${filters.join(', ')}`,
              content: { 'application/json': { schema: { type: 'object', properties: Object.fromEntries(filters.map((f) => [f, {}])) } } },
            },
          ],
          responses: { '200': envelope({ type: 'array', items: { $ref: '#/components/schemas/RoomResponseDto' } }) },
        },
        post: {
          'x-permission': { module: 'settings', action: 'create' },
          'x-roles': ['company_admin'],
          requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/CreateRoomDto' } } } },
          responses: { '201': envelope({ $ref: '#/components/schemas/RoomResponseDto' }) },
        },
      },
      '/api/hr/rooms/{id}': {
        put: {
          'x-permission': { module: 'settings', action: 'edit' },
          requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/UpdateRoomDto' } } } },
          responses: { '200': envelope({ $ref: '#/components/schemas/RoomResponseDto' }) },
        },
        delete: { 'x-permission': { module: 'settings', action: 'delete' }, responses: { '200': envelope({}) } },
      },
    },
    components: { schemas: { CreateRoomDto: body, UpdateRoomDto: { ...body, required: [] }, RoomResponseDto: record } },
  };
}

const translate = (key: string, options: Record<string, unknown> = {}) => `${key}|${options.field}`;

describe('the schema layer', () => {
  it('reads a collection: its record, bodies, sortable fields, default sort, filters and who may call what', () => {
    const rooms = compactDocument(fixture()).resources['hr/rooms'];
    expect(rooms.list).toEqual({
      sortable: ['id', 'room_name', 'capacity'],
      defaultSort: { field: 'room_name', order: 'ASC' },
      filters: ['q', 'id', 'is_active', 'manager_id'],
      paged: true,
    });
    expect(rooms.operations).toEqual({
      list: { module: 'settings', action: 'view' },
      create: { module: 'settings', action: 'create', roles: ['company_admin'] },
      update: { module: 'settings', action: 'edit' },
      delete: { module: 'settings', action: 'delete' },
    });
    expect(Object.keys(rooms.record!.properties)).toContain('manager_name');
  });

  it('derives inputs by type and format, with the server rules, never the tenant', () => {
    const fields = formFields(compactDocument(fixture()).resources['hr/rooms'].create);
    expect(fields.map((f) => [f.source, f.kind])).toEqual([
      ['room_name', 'text'],
      ['capacity', 'integer'],
      ['opens_at', 'time'],
      ['manager_id', 'reference'],
      ['is_active', 'boolean'],
    ]);
    expect(fields[0].rules).toEqual({ required: true, maxLength: 100, minLength: 1 });
    expect(fields[1].rules).toEqual({ required: true, minimum: 1, maximum: 500, step: 1 });
    expect(fields[3]).toMatchObject({ reference: 'hr/employees', nullable: true });
    expect(fields[4].defaultValue).toBe(true);
  });

  it('derives columns and typed filters from the record', () => {
    const rooms = compactDocument(fixture()).resources['hr/rooms'];
    expect(listColumns(rooms).map((c) => [c.source, c.kind])).toContainEqual(['created_at', 'datetime']);
    expect(listFilters(rooms)).toEqual([
      { source: 'q', kind: 'search' },
      { source: 'is_active', kind: 'boolean' },
      { source: 'manager_id', kind: 'reference', reference: 'hr/employees' },
    ]);
  });

  it('details show lists of values but not the id, nested objects or stamps', () => {
    const rooms = compactDocument(
      fixture({ name: 'equipment', schema: { type: 'array', items: { type: 'string' } } }),
    ).resources['hr/rooms'];
    const names = detailFields(rooms).map((f) => f.source);
    expect(names).toContain('equipment');
    expect(names).toContain('room_name');
    expect(names).not.toContain('id');
    expect(listColumns(rooms).map((c) => c.source)).not.toContain('equipment');
    expect(detailFields(rooms, { exclude: ['equipment'] }).map((f) => f.source)).not.toContain('equipment');
  });

  it('checks each address of a list of addresses', () => {
    const rooms = compactDocument(
      fixture({ name: 'notify', schema: { type: 'array', minItems: 1, items: { type: 'string', format: 'email' } }, required: true }),
    ).resources['hr/rooms'];
    const field = formFields(rooms.create).find((f) => f.source === 'notify')!;
    expect(field).toMatchObject({ kind: 'list', rules: { email: true, required: true } });
    // react-admin's rules answer their message, or an object holding it
    const message = (error: unknown) => (typeof error === 'object' && error !== null && 'message' in error ? error.message : error);
    const errors = (value: unknown) => validatorsOf(field, translate).map((check) => message(check(value, {}, {} as never))).filter(Boolean);
    expect(errors(['a@x.com', 'b@y.org'])).toEqual([]);
    expect(errors(['a@x.com', 'not-an-address'])).toEqual(['schema.validation.email_list|Notify']);
  });

  it('a property added to the DTO appears in the filters, the columns, the form and its validation, with no other change', () => {
    const before = compactDocument(fixture()).resources['hr/rooms'];
    expect(formFields(before.create).map((f) => f.source)).not.toContain('floor_code');
    const after = compactDocument(
      fixture({ name: 'floor_code', schema: { type: 'string', maxLength: 5, pattern: '^[A-Z0-9]+$', nullable: true }, filter: true }),
    ).resources['hr/rooms'];
    const field = formFields(after.create).find((f) => f.source === 'floor_code')!;
    expect(field).toMatchObject({ kind: 'text', nullable: true, rules: { maxLength: 5, pattern: '^[A-Z0-9]+$' } });
    expect(listColumns(after).map((c) => c.source)).toContain('floor_code');
    expect(listFilters(after)).toContainEqual({ source: 'floor_code', kind: 'text' });
    const checks = validatorsOf(field, translate);
    const errors = (value: string) => checks.map((check) => check(value, {}, {} as never)).filter(Boolean);
    expect(errors('B2')).toEqual([]);
    expect(errors('b-2')).toEqual([expect.objectContaining({ message: 'schema.validation.pattern|Floor code' })]);
    expect(errors('ABCDEF')).toEqual([expect.objectContaining({ message: 'schema.validation.max_length|Floor code' })]);
    expect(bodyFrom({ room_name: 'A', capacity: '12', floor_code: '' }, after.update, 'edit')).toEqual({ room_name: 'A', capacity: 12, floor_code: null });
  });

  it('a required property that allows null may be left empty; one that does not may not', () => {
    const check = (nullable: boolean) =>
      validatorsOf({ source: 'upper_bound', kind: 'text', nullable, rules: { required: true } }, translate)
        .map((v) => v('', {}, {} as never))
        .filter(Boolean);
    expect(check(true)).toEqual([]);
    expect(check(false)).toHaveLength(1);
  });

  it('names a field as the server does', () => {
    expect(humanize('cost_center')).toBe('Cost center');
    expect(humanize('allowed_ip_ranges')).toBe('Allowed IP ranges');
    expect(humanize('geolocation.default_radius')).toBe('Default radius');
    expect(humanize('max_radius')).toBe('Maximum radius');
    expect(humanize('q')).toBe('Search');
  });
});

describe('times on the company clock', async () => {
  const { fromZonedInput, toZonedInput, formatters } = await import('./format');
  it('shows and reads a moment in the company zone, whatever the device zone', () => {
    expect(toZonedInput('2026-12-05T07:20:00.000Z', 'Asia/Tokyo')).toBe('2026-12-05T16:20');
    expect(fromZonedInput('2026-12-05T16:20', 'Asia/Tokyo')).toBe('2026-12-05T07:20:00.000Z');
    expect(fromZonedInput('2026-07-01T09:00', 'America/New_York')).toBe('2026-07-01T13:00:00.000Z');
    expect(fromZonedInput('2026-12-01T09:00', 'America/New_York')).toBe('2026-12-01T14:00:00.000Z');
    expect(fromZonedInput('', 'UTC')).toBeNull();
  });
  it('formats a calendar date as it is and a moment in the zone', () => {
    const format = formatters('Asia/Tokyo');
    expect(format.date('2026-12-05')).toBe('Dec 5, 2026');
    expect(format.time('2026-12-05T07:20:00.000Z')).toBe('04:20 PM');
    expect(format.dayOf('2026-12-05T20:00:00.000Z')).toBe('2026-12-06');
    expect(format.money('1234.5')).toBe('$1,234.50');
  });
});
