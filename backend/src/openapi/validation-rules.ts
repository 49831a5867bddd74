import type { OpenAPIObject } from '@nestjs/swagger';
import { getMetadataStorage, type ValidationArguments } from 'class-validator';
import { DATE_PATTERN, DATE_RANGE_WORDS, DATE_TIME_PATTERN, inWords } from '../common/http/fields';
import { blankIsNull, blankMessage } from '../common/http/validation';

type Schema = Record<string, any>;

interface Rule {
  name?: string;
  type: string;
  propertyName: string;
  constraints?: unknown[];
  each?: boolean;
  message?: string | ((args: ValidationArguments) => string);
  constraintCls?: object;
  target?: object;
}

/** An address with a dotted domain whose last label has two characters or more. */
const EMAIL_PATTERN = '^[^\\s@]+@[^\\s@]+\\.[^\\s@.]{2,}$';

/** The document's name of a rule in `x-messages` (the console shows the message of the rule a value breaks). */
const MESSAGE_KEYS: Record<string, string[]> = {
  maxLength: ['maxLength'],
  minLength: ['minLength'],
  isLength: ['minLength', 'maxLength'],
  min: ['minimum'],
  max: ['maximum'],
  matches: ['pattern'],
  isEmail: ['email'],
  isInt: ['integer'],
  isNotEmpty: ['required'],
};

/**
 * The sentence the validation pipe answers when a value breaks the rule: the rule's own message
 * (a text or a function of its constraints) or class-validator's default, its tokens replaced,
 * the property in words as the pipe writes it.
 */
function messageOf(rule: Rule, targetName: string): string | undefined {
  const args: ValidationArguments = { targetName, property: rule.propertyName, object: {}, value: undefined, constraints: rule.constraints ?? [] };
  let text: string | undefined;
  if (typeof rule.message === 'function') text = rule.message(args);
  else if (typeof rule.message === 'string') text = rule.message;
  else if (rule.constraintCls) {
    const [constraint] = getMetadataStorage().getTargetValidatorConstraints(rule.constraintCls as Parameters<ReturnType<typeof getMetadataStorage>["getTargetValidatorConstraints"]>[0]);
    const instance = constraint?.instance as { defaultMessage?: (args: ValidationArguments) => string } | undefined;
    text = instance?.defaultMessage?.(args);
  }
  if (!text) return undefined;
  const replaced = (args.constraints as unknown[]).reduce<string>(
    (message, value, i) => message.split(`$constraint${i + 1}`).join(String(value)),
    text.split('$property').join(rule.propertyName).split('$target').join(targetName).split('$value').join(''),
  );
  return inWords(replaced, rule.propertyName);
}

/**
 * A regular expression's source as a JSON Schema pattern, which has no flags: a case-insensitive
 * one (`i`) has each ASCII letter written in both cases ([hH][tT][tT][pP][sS]?, [a-zA-Z]), so the
 * CMS URLs keep their pattern. Other flags than g, u and i have no pattern.
 */
export function patternOf(re: unknown): string | undefined {
  if (!(re instanceof RegExp) || re.flags.replace(/[gui]/g, '')) return undefined;
  const source = re.flags.includes('i') ? caseless(re.source) : re.source;
  try {
    new RegExp(source, 'u');
    return source;
  } catch {
    return undefined;
  }
}

function caseless(source: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') {
      // an escape is kept whole: \d, \x1f, \u00e9, \u{1F600}, \p{L}, \cJ
      const escape = /^\\(x[0-9a-fA-F]{2}|u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|[pP]\{[^}]*\}|c[a-zA-Z]|[\s\S])/.exec(source.slice(i))?.[0] ?? c;
      out += escape;
      i += escape.length - 1;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      // a range of letters in a class gains the other case's range; a letter, the other letter
      const range = /^([a-zA-Z])-([a-zA-Z])/.exec(source.slice(i));
      if (range) {
        const other = (s: string) => (s === s.toLowerCase() ? s.toUpperCase() : s.toLowerCase());
        out += `${range[0]}${other(range[1])}-${other(range[2])}`;
        i += 2;
        continue;
      }
      out += /[a-zA-Z]/.test(c) ? c + (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()) : c;
      continue;
    }
    if (c === '[') {
      inClass = true;
      out += c;
      if (source[i + 1] === '^') out += source[++i];
      continue;
    }
    // a quantifier's braces {2,3} hold digits only; a letter outside a class matches either case
    out += /[a-zA-Z]/.test(c) ? `[${c.toLowerCase()}${c.toUpperCase()}]` : c;
  }
  return out;
}

/** Applies one class-validator rule to the property's schema (or its items, for `each`). */
export function apply(schema: Schema, rule: Rule): void {
  if (schema.$ref || schema.allOf) return;
  const target = rule.each && schema.type === 'array' && schema.items && !schema.items.$ref ? schema.items : schema;
  const c = rule.constraints ?? [];
  const string = target.type === 'string';
  const number = target.type === 'number' || target.type === 'integer';
  switch (rule.name) {
    case 'isString':
      // a `string | null` property without an explicit type is read as an object
      if (target.type === 'object' && !target.properties) target.type = 'string';
      break;
    case 'isNotEmpty':
      if (string) target.minLength = Math.max(target.minLength ?? 0, 1);
      break;
    case 'minLength':
      if (string) target.minLength = c[0];
      break;
    case 'maxLength':
      if (string) target.maxLength = c[0];
      break;
    case 'isLength':
      if (string) {
        if (typeof c[0] === 'number') target.minLength = c[0];
        if (typeof c[1] === 'number') target.maxLength = c[1];
      }
      break;
    case 'matches': {
      const pattern = patternOf(c[0]);
      if (string && pattern && !target.pattern) target.pattern = pattern;
      break;
    }
    case 'min':
      if (number && typeof c[0] === 'number') target.minimum = c[0];
      break;
    case 'max':
      if (number && typeof c[0] === 'number') target.maximum = c[0];
      break;
    case 'isInt':
      if (number) target.type = 'integer';
      break;
    case 'isPositive':
      if (target.type === 'integer') target.minimum = Math.max(target.minimum ?? 1, 1);
      break;
    case 'isIn':
      if (Array.isArray(c[0]) && !target.enum) target.enum = [...c[0]];
      break;
    case 'isEnum':
      if (c[0] && typeof c[0] === 'object' && !target.enum) target.enum = [...new Set(Object.values(c[0] as object))];
      break;
    case 'isEmail':
      if (string && !target.format) target.format = 'email';
      // the server's check (class-validator's isEmail) wants a dotted domain: name@host is refused
      if (string && !target.pattern) target.pattern = EMAIL_PATTERN;
      break;
    case 'isDecimal':
      if (number && typeof c[0] === 'number' && c[0] > 0 && target.multipleOf === undefined) target.multipleOf = Number(`1e-${c[0]}`);
      break;
    case 'isDateOnly':
      if (string) {
        target.format = 'date';
        target.pattern = DATE_PATTERN;
      }
      break;
    case 'isInDateRange':
      if (string && !target.pattern) target.pattern = target.format === 'date' ? DATE_PATTERN : DATE_TIME_PATTERN;
      break;
    case 'arrayMinSize':
      if (schema.type === 'array') schema.minItems = c[0];
      break;
    case 'arrayMaxSize':
      if (schema.type === 'array') schema.maxItems = c[0];
      break;
  }
}

const BLANK_WORDS = 'empty text is refused where a format applies; null clears it';

/**
 * One rule for empty text (validation.ts): where a format applies and the field is optional, null
 * clears it and "" is a 400 naming the field. The schema says so: minLength 1 beside its format,
 * the rule in words, and the message the server answers.
 */
function markBlank(property: Schema, cls: abstract new (...args: never[]) => unknown, field: string): void {
  if (property.type !== 'string' || !blankIsNull(cls as new (...args: never[]) => object, field)) return;
  property.minLength = Math.max(property.minLength ?? 0, 1);
  if (property.nullable && !String(property.description ?? '').includes(BLANK_WORDS)) {
    property.description = `${property.description ? `${property.description}; ` : ''}${BLANK_WORDS}`;
  }
  ((property['x-messages'] ??= {}) as Record<string, string>).minLength ??= blankMessage(field, property.nullable === true);
}

/**
 * The rules the server enforces with class-validator, read from its metadata storage, written
 * into the schemas of the request DTOs (minLength, maxLength, pattern, minimum, maximum, enum,
 * integer, format email, minItems, maxItems): the document says what the validation pipe accepts.
 */
export function addValidationRules(doc: OpenAPIObject, bodies: Array<abstract new (...args: never[]) => unknown> = []): void {
  const schemas = (doc.components?.schemas ?? {}) as Record<string, Schema>;
  type Target = abstract new (...args: never[]) => unknown;
  const storage = getMetadataStorage() as unknown as { validationMetadatas: Map<Target, Rule[]> } & {
    getTargetValidationMetadatas(target: Target, schema: string, always: boolean, strictGroups: boolean): Rule[];
  };
  const classes = new Map<string, Target>();
  for (const target of [...storage.validationMetadatas.keys(), ...bodies]) {
    if (typeof target === 'function' && schemas[target.name] && !classes.has(target.name)) classes.set(target.name, target);
  }
  for (const [name, cls] of classes) {
    const properties = schemas[name].properties as Record<string, Schema> | undefined;
    if (!properties) continue;
    for (const [field, property] of Object.entries(properties)) markBlank(property, cls, field);
    for (const rule of storage.getTargetValidationMetadatas(cls, '', true, false)) {
      const property = properties[rule.propertyName];
      if (!property) continue;
      apply(property, rule);
      const keys = MESSAGE_KEYS[rule.name ?? ''];
      const message = keys && !rule.each && !property.$ref ? messageOf(rule, name) : undefined;
      if (message) {
        const messages = (property['x-messages'] ??= {}) as Record<string, string>;
        for (const key of keys) messages[key] ??= message;
      }
    }
  }
}

/**
 * The rules of a query DTO (a handler's `@Query() q: SomeQueryDto`) on the query parameters
 * @nestjs/swagger made of its properties: their schemas say what the validation pipe checks.
 */
export function addQueryRules(parameters: Schema[], cls: abstract new (...args: never[]) => unknown): void {
  const storage = getMetadataStorage() as unknown as {
    getTargetValidationMetadatas(target: unknown, schema: string, always: boolean, strictGroups: boolean): Rule[];
  };
  for (const rule of storage.getTargetValidationMetadatas(cls, '', true, false)) {
    const param = parameters.find((p) => p.in === 'query' && p.name === rule.propertyName);
    if (!param) continue;
    param.schema ??= { type: 'string' };
    if (param.schema.type === 'number' && rule.name === 'isInt') param.schema.type = 'integer';
    apply(param.schema, rule);
  }
}

function refsIn(value: unknown, out: Set<string>): void {
  if (Array.isArray(value)) value.forEach((v) => refsIn(v, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string') out.add(v.replace('#/components/schemas/', ''));
      else refsIn(v, out);
    }
  }
}

/** Every schema name reachable from `roots` through $ref. */
function reachable(roots: unknown, schemas: Record<string, Schema>): Set<string> {
  const out = new Set<string>();
  refsIn(roots, out);
  const queue = [...out];
  while (queue.length) {
    const next = new Set<string>();
    refsIn(schemas[queue.pop()!], next);
    for (const n of next) {
      if (out.has(n)) continue;
      out.add(n);
      queue.push(n);
    }
  }
  return out;
}

/**
 * The validation pipe refuses unknown fields (forbidNonWhitelisted), nested ones too: every object
 * schema of a JSON request body says `additionalProperties: false`. A schema an answer also uses
 * is left open (answers may carry more than a form sends).
 */
export function closeRequestBodies(doc: OpenAPIObject): void {
  const schemas = (doc.components?.schemas ?? {}) as Record<string, Schema>;
  const bodies: unknown[] = [];
  const answers: unknown[] = [];
  for (const item of Object.values(doc.paths)) {
    for (const op of Object.values(item as Record<string, any>)) {
      if (op?.requestBody?.content?.['application/json']) bodies.push(op.requestBody.content['application/json']);
      if (op?.responses) answers.push(op.responses);
    }
  }
  const answered = reachable(answers, schemas);
  for (const name of reachable(bodies, schemas)) {
    const schema = schemas[name];
    if (schema?.type === 'object' || schema?.properties) {
      if (answered.has(name)) continue;
      schema.additionalProperties = false;
    }
  }
}

/**
 * The product's one range of days (1900-01-01 to 2999-12-31, fields.ts) on every date the
 * document declares as a request parameter or a request body's field: `format: date` with the
 * pattern of the range's years, and the range in words.
 */
export function addDateRange(doc: OpenAPIObject): void {
  const mark = (schema: Schema | undefined) => {
    if (!schema || schema.type !== 'string') return;
    if (schema.format === 'date' && !schema.pattern) schema.pattern = DATE_PATTERN;
    if ((schema.pattern === DATE_PATTERN || schema.pattern === DATE_TIME_PATTERN) && !String(schema.description ?? '').includes(DATE_RANGE_WORDS)) {
      schema.description = `${schema.description ? `${schema.description}; ` : ''}a day ${DATE_RANGE_WORDS}`;
    }
  };
  for (const item of Object.values(doc.paths)) {
    for (const op of Object.values(item as Record<string, any>)) {
      for (const p of op?.parameters ?? []) mark(p.schema);
    }
  }
  const schemas = (doc.components?.schemas ?? {}) as Record<string, Schema>;
  for (const schema of Object.values(schemas)) {
    if (schema.additionalProperties !== false) continue;
    for (const property of Object.values<Schema>(schema.properties ?? {})) {
      mark(property);
      if (property.type === 'array') mark(property.items);
    }
  }
}

/**
 * Codes that cannot change after create: the updates take them only equal to the current code
 * (react-admin sends the whole record) and refuse another one, so the document marks them
 * readOnly in the update schemas.
 */
const UNCHANGEABLE: Record<string, string[]> = {
  UpdateEmployeeDto: ['employee_code'],
  UpdatePackageDto: ['package_code'],
  UpdateFeatureDto: ['feature_code'],
};

export function markUnchangeable(doc: OpenAPIObject): void {
  const schemas = (doc.components?.schemas ?? {}) as Record<string, Schema>;
  for (const [name, fields] of Object.entries(UNCHANGEABLE)) {
    for (const field of fields) {
      const property = schemas[name]?.properties?.[field] as Schema | undefined;
      if (!property) continue;
      property.readOnly = true;
      if (!String(property.description ?? '').includes('cannot change')) {
        property.description = `${property.description ? `${property.description}; ` : ''}cannot change after create: when sent, must equal the current code`;
      }
    }
  }
}

/**
 * Rules a body's fields have together, which the server checks and a field's own schema cannot
 * say: an update that refuses an empty body ("send at least one field") has `minProperties: 1`;
 * payroll status takes ids, or year and month; a position is latitude and longitude together
 * (OpenAPI 3.0 has no dependentRequired: both, or neither).
 */
const AT_LEAST_ONE_FIELD = ['UpdateAttendanceDto', 'UpdateLandingPageDto', 'UpdateLandingFeatureDto', 'UpdateTestimonialDto'];
// neither: a field whose schema takes no value (`not: {}`) can only be left out
const PAIR = (a: string, b: string) => ({ anyOf: [{ required: [a, b] }, { properties: { [a]: { not: {} }, [b]: { not: {} } } }] });
const TOGETHER: Record<string, Schema> = {
  SetPaymentStatusBulkDto: { anyOf: [{ required: ['ids'] }, { required: ['year', 'month'] }] },
  CheckInDto: PAIR('latitude', 'longitude'),
  CheckOutDto: PAIR('latitude', 'longitude'),
};

export function addBodyShapes(doc: OpenAPIObject): void {
  const schemas = (doc.components?.schemas ?? {}) as Record<string, Schema>;
  for (const name of AT_LEAST_ONE_FIELD) if (schemas[name]) schemas[name].minProperties = 1;
  // inside allOf, so the generated types keep the object's fields (a top-level anyOf of bare
  // `required` sets becomes `unknown` there)
  for (const [name, rule] of Object.entries(TOGETHER)) if (schemas[name]) (schemas[name].allOf ??= []).push(structuredClone(rule));
}

/**
 * An amount is a decimal written as text ("1234.50"); the server also takes it as a JSON number
 * (1234.5), written back with 2 decimals (fields.ts normalizeAmount, the KPI values' signed
 * amounts). OpenAPI 3.0 has no list of types and the console's schema layer reads no oneOf, so
 * the request bodies' amounts say it in words.
 */
const AMOUNT_PATTERNS = ['^\\d{1,12}\\.\\d{2}$', '^-?\\d{1,12}\\.\\d{2}$'];
const NUMBER_TAKEN = 'a JSON number is also taken and written with 2 decimals (1234.5 is "1234.50")';

export function describeAmounts(doc: OpenAPIObject): void {
  const schemas = (doc.components?.schemas ?? {}) as Record<string, Schema>;
  for (const schema of Object.values(schemas)) {
    if (schema.additionalProperties !== false) continue;
    for (const property of Object.values<Schema>(schema.properties ?? {})) {
      if (property.type !== 'string' || !AMOUNT_PATTERNS.includes(property.pattern) || String(property.description ?? '').includes(NUMBER_TAKEN)) continue;
      property.description = `${property.description ? `${property.description}; ` : ''}${NUMBER_TAKEN}`;
    }
  }
}
