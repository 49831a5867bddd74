/**
 * What a resource's screens show, derived from its schema alone: list columns, filters and form
 * inputs with the server's validation rules. Pure functions: the React side (fields.tsx,
 * inputs.tsx) renders these descriptors, and the tests read them from a fixture document.
 */
import type { ListSchema, ObjectSchema, PropertySchema, ResourceSchema } from './compact';

export type Kind =
  | 'text'
  | 'multiline'
  | 'password'
  | 'email'
  | 'uri'
  | 'phone'
  | 'integer'
  | 'number'
  | 'money'
  | 'boolean'
  | 'enum'
  | 'date'
  | 'datetime'
  | 'time'
  | 'reference'
  | 'references'
  | 'list'
  | 'objects';

export interface Rules {
  required?: boolean;
  minimum?: number;
  maximum?: number;
  step?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  email?: boolean;
  uri?: boolean;
}

export interface FieldDescriptor {
  source: string;
  kind: Kind;
  nullable: boolean;
  choices?: Array<string | number>;
  /** for `reference`: the resource whose records the id names */
  reference?: string;
  /** for `objects`: the fields of each item */
  children?: FieldDescriptor[];
  rules: Rules;
  /** the server's messages for the rules, where the document carries them */
  messages?: Record<string, string>;
  description?: string;
  defaultValue?: unknown;
}

/** `*_id` names → the collection they point at (resource names of compact.ts). */
export const REFERENCES: Record<string, string> = {
  employee_id: 'hr/employees',
  employee_ids: 'hr/employees',
  manager_id: 'hr/employees',
  assigned_to: 'hr/employees',
  department_id: 'hr/departments',
  department_ids: 'hr/departments',
  position_id: 'hr/positions',
  shift_id: 'hr/shifts',
  work_location_id: 'hr/work-locations',
  location_id: 'hr/work-locations',
  leave_type_id: 'hr/leave-types',
  leave_type_ids: 'hr/leave-types',
  policy_id: 'hr/leave-policies',
  kpi_id: 'kpi/kpis',
  target_id: 'kpi/kpi-targets',
  kpi_target_id: 'kpi/kpi-targets',
  bonus_rule_id: 'kpi/bonus-rules',
  package_id: 'packages/packages',
  component_id: 'hr/payroll/components',
  template_id: 'monitoring/tasks/templates',
  task_ids: 'monitoring/tasks',
};

const MONEY = /(^|_)(salary|amount|price|bonus|allowance|deduction|pay|cost|fee|rate_amount)(_|$)/;
const TEXT_AREA = /(^|_)(description|address|notes|reason|content|comment|subtitle|text)$/;

function kindOf(source: string, schema: PropertySchema, references: Record<string, string>): Pick<FieldDescriptor, 'kind' | 'reference'> {
  if (schema.enum?.length) return { kind: 'enum' };
  if (references[source] && schema.type !== 'array') return { kind: 'reference', reference: references[source] };
  switch (schema.type) {
    case 'boolean':
      return { kind: 'boolean' };
    case 'integer':
      return { kind: 'integer' };
    case 'number':
      return { kind: MONEY.test(source) ? 'money' : 'number' };
    case 'array':
      if (references[source] && !schema.items?.properties) return { kind: 'references', reference: references[source] };
      return { kind: schema.items?.properties ? 'objects' : 'list' };
  }
  switch (schema.format) {
    case 'date':
      return { kind: 'date' };
    case 'date-time':
      return { kind: 'datetime' };
    case 'time':
      return { kind: 'time' };
    case 'email':
      return { kind: 'email' };
    case 'uri':
    case 'url':
      return { kind: 'uri' };
    case 'password':
      return { kind: 'password' };
    case 'decimal':
      return { kind: MONEY.test(source) ? 'money' : 'number' };
  }
  // a wall-clock time of day (09:00), not a moment (check_in_time is an ISO date-time)
  if (/^\d{2}:\d{2}(:\d{2})?$/.test(String(schema.example ?? '')) || /^HH:MM/.test(schema.description ?? '')) return { kind: 'time' };
  // answers document a moment or a day by name only (created_at, hire_date)
  if (/(^|_)at$/.test(source) || /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(String(schema.example ?? ''))) return { kind: 'datetime' };
  if (/(^|_)date$/.test(source) || /\\d\{4\}-\\d\{2\}-\\d\{2\}/.test(schema.pattern ?? '')) return { kind: 'date' };
  if (/^\^?\\d\{1,12\}/.test(schema.pattern ?? '') || (MONEY.test(source) && /\\d/.test(schema.pattern ?? ''))) return { kind: 'money' };
  if (/(^|_)phone$/.test(source)) return { kind: 'phone' };
  if (/(^|_)email$/.test(source)) return { kind: 'email' };
  if (/(^|_)password$/.test(source)) return { kind: 'password' };
  if (TEXT_AREA.test(source) || (schema.maxLength ?? 0) > 500) return { kind: 'multiline' };
  return { kind: 'text' };
}

function rulesOf(schema: PropertySchema, required: boolean): Rules {
  const rules: Rules = {};
  if (required) rules.required = true;
  if (typeof schema.minimum === 'number') rules.minimum = schema.minimum;
  if (typeof schema.exclusiveMinimum === 'number') rules.minimum = schema.exclusiveMinimum;
  if (typeof schema.maximum === 'number') rules.maximum = schema.maximum;
  if (typeof schema.exclusiveMaximum === 'number') rules.maximum = schema.exclusiveMaximum;
  if (typeof schema.multipleOf === 'number') rules.step = schema.multipleOf;
  else if (schema.type === 'integer') rules.step = 1;
  if (typeof schema.minLength === 'number' && schema.minLength > 0) rules.minLength = schema.minLength;
  if (typeof schema.maxLength === 'number') rules.maxLength = schema.maxLength;
  if (schema.pattern) rules.pattern = schema.pattern;
  if (schema.format === 'email') rules.email = true;
  if (schema.format === 'uri' || schema.format === 'url') rules.uri = true;
  return rules;
}

export function describe(source: string, schema: PropertySchema, required: boolean, references = REFERENCES): FieldDescriptor {
  const { kind, reference } = kindOf(source, schema, references);
  const descriptor: FieldDescriptor = {
    source,
    kind,
    nullable: schema.nullable === true,
    rules: rulesOf(schema, required),
    ...(reference ? { reference } : {}),
    ...(schema.enum ? { choices: schema.enum } : {}),
    ...(schema.description ? { description: schema.description } : {}),
    ...(schema.messages ? { messages: schema.messages } : {}),
    ...(schema.default !== undefined ? { defaultValue: schema.default } : {}),
  };
  if (kind === 'objects' && schema.items?.properties) {
    const itemRequired = schema.items.required ?? [];
    descriptor.children = Object.entries(schema.items.properties).map(([key, value]) => describe(key, value, itemRequired.includes(key), references));
  }
  if (kind === 'list' && schema.items?.enum) descriptor.choices = schema.items.enum;
  // a list of addresses (a report's recipients): each item is checked as an address
  if (kind === 'list' && schema.items?.format === 'email') descriptor.rules.email = true;
  return descriptor;
}

/** Fields the console never edits: the tenant (implied by the token) and server-kept stamps. */
const NEVER_INPUT = new Set(['company_id', 'id', 'created_at', 'updated_at', 'created_by', 'updated_by']);
/** Fields never shown as a column by default. */
const NEVER_COLUMN = new Set(['company_id', 'created_by', 'updated_by', 'updated_at']);

export interface Selection {
  /** the fields to use, in this order (others left out); default: every field of the schema */
  include?: readonly string[];
  exclude?: readonly string[];
}

function select(names: string[], { include, exclude }: Selection): string[] {
  const base = include ? include.filter((name) => names.includes(name)) : names;
  return exclude ? base.filter((name) => !exclude.includes(name)) : base;
}

/** The form of a create or update body: one descriptor per property the body accepts. */
export function formFields(body: ObjectSchema | undefined, selection: Selection = {}, references = REFERENCES): FieldDescriptor[] {
  if (!body) return [];
  const names = select(Object.keys(body.properties).filter((name) => !NEVER_INPUT.has(name)), selection);
  return names.map((name) => describe(name, body.properties[name], body.required.includes(name), references));
}

/** The list's columns: the record's scalar fields (objects and long texts left out unless asked for). */
export function listColumns(resource: ResourceSchema, selection: Selection = {}, references = REFERENCES): FieldDescriptor[] {
  const record = resource.record;
  if (!record) return [];
  const scalar = Object.keys(record.properties).filter((name) => {
    const schema = record.properties[name];
    return !NEVER_COLUMN.has(name) && schema.type !== 'object' && schema.type !== 'array';
  });
  const names = select(selection.include ? Object.keys(record.properties) : scalar, selection);
  return names.map((name) => {
    const field = describe(name, record.properties[name], false, references);
    // a reference whose record carries its name (`manager_id` + `manager_name`) shows that name
    return field;
  });
}

/**
 * The details view's fields: the record's scalars and lists of scalars (a report's recipients),
 * not the id, nested objects or the stamps never shown as a column.
 */
export function detailFields(resource: ResourceSchema, selection: Selection = {}, references = REFERENCES): FieldDescriptor[] {
  const properties = resource.record?.properties ?? {};
  const shown = Object.keys(properties).filter((name) => {
    const schema = properties[name];
    return name !== 'id' && !NEVER_COLUMN.has(name) && schema.type !== 'object' && !(schema.type === 'array' && schema.items?.properties);
  });
  return select(shown, selection).map((name) => describe(name, properties[name], false, references));
}

export interface FilterDescriptor {
  source: string;
  kind: 'search' | 'boolean' | 'enum' | 'reference' | 'date' | 'text' | 'number';
  choices?: Array<string | number>;
  reference?: string;
}

/**
 * The list's filters: every documented filter field, typed by the record's property of the same
 * name (or the `_from`/`_to` date range of one), `q`/`search` as the search box.
 */
export function listFilters(resource: ResourceSchema, references = REFERENCES): FilterDescriptor[] {
  const list: ListSchema | undefined = resource.list;
  if (!list) return [];
  const properties = resource.record?.properties ?? {};
  const out: FilterDescriptor[] = [];
  const hasQ = list.filters.includes('q');
  for (const name of list.filters) {
    if (name === 'id') continue;
    if (name === 'q' || (name === 'search' && !hasQ)) {
      out.push({ source: name, kind: 'search' });
      continue;
    }
    if (name === 'search') continue;
    const property = properties[name];
    if (references[name]) out.push({ source: name, kind: 'reference', reference: references[name] });
    else if (property?.enum) out.push({ source: name, kind: 'enum', choices: property.enum });
    else if (property?.type === 'boolean') out.push({ source: name, kind: 'boolean' });
    else if (property?.type === 'integer' || property?.type === 'number') out.push({ source: name, kind: 'number' });
    else if (/_(from|to)$/.test(name) || property?.format === 'date' || /(^|_)date$/.test(name)) out.push({ source: name, kind: 'date' });
    else if (property || /_(code|name|status|type)$/.test(name)) out.push({ source: name, kind: 'text' });
  }
  return out;
}

/** A field name in words, as the server writes it in its messages: `cost_center` → "Cost center". */
export function humanize(field: string): string {
  const name = field.split('.').pop()!.replace(/\[\d+\]$/, '');
  const words = name
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map((word) => ACRONYMS[word.toLowerCase()] ?? word.toLowerCase());
  if (words.length === 1 && words[0] === 'q') words[0] = 'search';
  if (words.length > 1 && WORDS[words[0]]) words[0] = WORDS[words[0]];
  if (!words.length) return field;
  words[0] = words[0][0].toUpperCase() + words[0].slice(1);
  return words.join(' ');
}

/**
 * A field's name as a person reads it: humanize without the trailing "ID" of a reference
 * (`leave_type_id` → "Leave type", `manager_ids` → "Managers"); nobody types or reads an id.
 */
export function fieldWords(field: string): string {
  return humanize(field).replace(/ IDs?$/, (tail) => (tail === ' IDs' ? 's' : '')) || humanize(field);
}

/** Abbreviations at the start of a field name, in full, as the server writes them: max_radius → "Maximum radius". */
const WORDS: Record<string, string> = { max: 'maximum', min: 'minimum' };

// the same words as the server's fieldLabel (backend/src/common/http/fields.ts), so both say the same
const ACRONYMS: Record<string, string> = Object.fromEntries(
  ['id', 'ip', 'url', 'gps', 'kpi', 'pdf', 'csv', 'smtp', 'api', 'utc', 'cidr', 'iban', 'wifi'].flatMap((word) => {
    const upper = word === 'wifi' ? 'Wi-Fi' : word.toUpperCase();
    return [
      [word, upper],
      [`${word}s`, `${upper}s`],
    ];
  }),
);
