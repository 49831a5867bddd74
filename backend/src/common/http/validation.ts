import { HttpStatus, ValidationError, ValidationPipe, type ArgumentMetadata } from '@nestjs/common';
import { getMetadataStorage } from 'class-validator';
import { ApiError } from './errors';
import type { FieldError } from './envelope';
import { fieldLabel, inWords } from './fields';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { defaultMetadataStorage } = require('class-transformer/cjs/storage') as {
  defaultMetadataStorage: {
    findTypeMetadata(target: object, property: string): { typeFunction: (options?: unknown) => unknown } | undefined;
    findTransformMetadatas(target: object, property: string, type: number): Array<{ transformFn: (params: object) => unknown }>;
  };
};

function flatten(errors: ValidationError[], parent = ''): FieldError[] {
  const out: FieldError[] = [];
  for (const e of errors) {
    const field = parent ? `${parent}.${e.property}` : e.property;
    for (const [rule, text] of Object.entries(e.constraints ?? {})) {
      out.push({ field, message: rule === 'whitelistValidation' ? `${fieldLabel(field)} is not an accepted field` : inWords(text, e.property) });
    }
    if (e.children?.length) out.push(...flatten(e.children, field));
  }
  return out;
}

export const NOT_AN_OBJECT = 'The request body must be a JSON object';

interface PropertyShape {
  /** null is a value of the property only where its @ApiProperty says `nullable: true` */
  nullable: boolean;
  /** a format applies (a pattern, an e-mail, a date, a URL) and empty text would be read as null */
  blankIsNull: boolean;
  /** the DTO of a nested object (or of each item of a list) */
  nested?: DtoClass;
}
type DtoClass = new (...args: never[]) => object;
type Shape = Map<string, PropertyShape>;

/** Where @nestjs/swagger keeps what @ApiProperty says (its constants are not exported). */
const DECORATORS = { API_MODEL_PROPERTIES: 'swagger/apiModelProperties', API_MODEL_PROPERTIES_ARRAY: 'swagger/apiModelPropertiesArray' };

const NOT_DTOS: unknown[] = [String, Number, Boolean, Date, Object, Array, Buffer];
const shapes = new Map<DtoClass, Shape>();
const dtos = new Map<unknown, boolean>();

/** A class with validation rules or documented properties (decided once per class). */
function isDto(type: unknown): type is DtoClass {
  if (typeof type !== 'function' || NOT_DTOS.includes(type)) return false;
  let known = dtos.get(type);
  if (known === undefined) {
    known =
      getMetadataStorage().getTargetValidationMetadatas(type, '', true, false).length > 0 ||
      ((Reflect.getMetadata(DECORATORS.API_MODEL_PROPERTIES_ARRAY, type.prototype) as unknown[] | undefined)?.length ?? 0) > 0;
    dtos.set(type, known);
  }
  return known;
}

/**
 * The rules that give a text a format (a pattern, an e-mail address, a URL, a date, a decimal):
 * empty text is none of these values. IsAmount's pattern is a `matches`. A choice (isIn, isEnum)
 * is no format here: a select's empty option is "none".
 */
export const FORMAT_RULES = new Set(['matches', 'isEmail', 'isUrl', 'isDateOnly', 'isInDateRange', 'isISO8601', 'isDecimal', 'isNumberString', 'isMilitaryTime']);
const PLAIN_TO_CLASS = 0; // class-transformer's TransformationType.PLAIN_TO_CLASS

/**
 * Whether a property has a format and reads empty text as null (a trim-to-null transform), so
 * that "" would clear it where its format refuses "": the one rule is that null clears an
 * optional field and empty text, where a format applies, is refused (a 400 naming the field).
 */
export function blankIsNull(dto: DtoClass, property: string): boolean {
  const rules = getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false);
  if (!rules.some((r) => r.propertyName === property && r.name && FORMAT_RULES.has(r.name))) return false;
  return defaultMetadataStorage.findTransformMetadatas(dto, property, PLAIN_TO_CLASS).some((t) => {
    for (const blank of ['', ' ']) {
      try {
        const out = t.transformFn({ value: blank, key: property, obj: { [property]: blank }, type: PLAIN_TO_CLASS, options: {} });
        if (out === null || out === undefined) return true;
      } catch {
        // a transform that cannot read a bare value says nothing here
      }
    }
    return false;
  });
}

/** The message of empty text sent where a format applies. */
export const blankMessage = (field: string, nullable: boolean) =>
  nullable ? `${fieldLabel(field)} must not be empty text; send null to clear it` : `${fieldLabel(field)} must not be empty`;

/** The properties of a DTO class with what null checking needs, read from its metadata once. */
function shapeOf(dto: DtoClass): Shape {
  let shape = shapes.get(dto);
  if (shape) return shape;
  shape = new Map();
  shapes.set(dto, shape);
  const names = new Set<string>(getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false).map((m) => m.propertyName));
  for (const name of (Reflect.getMetadata(DECORATORS.API_MODEL_PROPERTIES_ARRAY, dto.prototype) ?? []) as string[]) {
    names.add(name.replace(/^:/, ''));
  }
  for (const name of names) {
    const documented = Reflect.getMetadata(DECORATORS.API_MODEL_PROPERTIES, dto.prototype, name) as { nullable?: boolean } | undefined;
    let nested: unknown;
    try {
      nested = defaultMetadataStorage.findTypeMetadata(dto, name)?.typeFunction({ newObject: {}, object: {}, property: name });
    } catch {
      nested = undefined;
    }
    shape.set(name, { nullable: documented?.nullable === true, blankIsNull: blankIsNull(dto, name), nested: isDto(nested) ? nested : undefined });
  }
  return shape;
}

/**
 * Every property of the body that is null where its DTO does not allow null, or empty text where a
 * format applies (which the transform would have read as null), nested objects' included.
 */
function findNulls(body: Record<string, unknown>, dto: DtoClass, prefix = '', out: FieldError[] = []): FieldError[] {
  const shape = shapeOf(dto);
  for (const key of Object.keys(body)) {
    const property = shape.get(key);
    if (!property) continue; // an unknown field: the whitelist refuses it
    const value = body[key];
    const field = `${prefix}${key}`;
    if (value === null) {
      if (!property.nullable) out.push({ field, message: `${fieldLabel(key)} must not be empty` });
    } else if (property.blankIsNull && typeof value === 'string' && value.trim() === '') {
      out.push({ field, message: blankMessage(key, property.nullable) });
    } else if (property.nested && typeof value === 'object') {
      if (Array.isArray(value)) {
        value.forEach((item, i) => {
          if (item && typeof item === 'object' && !Array.isArray(item)) findNulls(item as Record<string, unknown>, property.nested!, `${field}.${i}.`, out);
        });
      } else {
        findNulls(value as Record<string, unknown>, property.nested, `${field}.`, out);
      }
    }
  }
  return out;
}

const badRequest = (fields: FieldError[]) => new ApiError(HttpStatus.BAD_REQUEST, fields[0]?.message ?? 'Validation failed', fields);

/**
 * DTOs are validated with whitelist + forbidNonWhitelisted: an unknown field is a 400, never
 * silently stored. The answer names every field at fault; its message is the first of them.
 *
 * A body validated by a DTO must be a JSON object (null, a list, a string or a number is a 400,
 * not taken for `{}`), and null is accepted only for the properties documented `nullable: true`:
 * @IsOptional() and PartialType skip null as they skip a missing value, which would store null in
 * fields that have no "empty" value. Empty text is refused where a format applies (a pattern, an
 * e-mail, a date, a URL): null clears such an optional field, never "". The rules of each
 * DTO class are read once, on its first body.
 */
class ApiValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const dto = metadata.type === 'body' && metadata.data === undefined && this.toValidate(metadata) ? metadata.metatype : undefined;
    if (!isDto(dto)) return super.transform(value, metadata);
    if (value === undefined) return super.transform(value, metadata);
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      throw badRequest([{ field: 'body', message: NOT_AN_OBJECT }]);
    }
    const nulls = findNulls(value as Record<string, unknown>, dto);
    if (!nulls.length) return super.transform(value, metadata);
    let fields: FieldError[] = [];
    try {
      await super.transform(value, metadata);
    } catch (error) {
      const answer = error instanceof ApiError ? (error.getResponse() as { errors?: FieldError[] }) : undefined;
      if (!answer) throw error;
      fields = answer.errors ?? [];
    }
    // a property's own rule, where it judged the null, says it best
    const named = new Set(fields.map((f) => f.field));
    throw badRequest([...fields, ...nulls.filter((n) => !named.has(n.field))]);
  }
}

export function createValidationPipe(): ValidationPipe {
  return new ApiValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => badRequest(flatten(errors)),
  });
}
