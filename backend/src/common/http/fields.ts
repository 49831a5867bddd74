import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsInt, Matches, Min, registerDecorator, ValidateIf, type ValidationOptions } from 'class-validator';

type TransformArg = { value: unknown };

/** Trims strings; an empty string becomes null ("empty values become null"). */
export const trimToNull = ({ value }: TransformArg) => {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
};

/** Trims strings and keeps empty ones (the required-field check then names them). */
export const trim = ({ value }: TransformArg) => (typeof value === 'string' ? value.trim() : value);

const AMOUNT = /^(\d{1,12})(?:\.(\d{1,2}))?$/;

/**
 * A money amount sent as a number or a string, normalized to a decimal string with two decimals
 * ("1234.5" → "1234.50"); never a float on the server. An empty text is left to the amount's
 * pattern, which refuses it as the document says (null clears an optional amount).
 */
export function normalizeAmount(value: unknown): unknown {
  if (value === '' || value === null || value === undefined) return value;
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  if (typeof text !== 'string') return value;
  const match = AMOUNT.exec(text.trim());
  if (!match) return text;
  return `${BigInt(match[1])}.${(match[2] ?? '').padEnd(2, '0')}`;
}

/** Decorators of a money field: at least 0, at most 2 decimals, at most 12 digits before the point. */
export const IsAmount = (field: string) =>
  applyDecorators(
    Transform(({ value }: TransformArg) => normalizeAmount(value)),
    Matches(/^\d{1,12}\.\d{2}$/, {
      message: `${fieldLabel(field)} must be an amount of at least 0 with at most 2 decimals`,
    }),
  );

/** An id sent as a number or a numeric string; an empty value becomes null. */
export const IsId = (field: string) =>
  applyDecorators(
    Transform(({ value }: TransformArg) => {
      if (value === '' || value === null) return null;
      if (typeof value === 'string' && /^\d+$/.test(value.trim())) return Number(value.trim());
      return value;
    }),
    IsInt({ message: `${fieldLabel(field)} must be a valid ID` }),
    Min(1, { message: `${fieldLabel(field)} must be a valid ID` }),
  );

/**
 * The days the product accepts, everywhere a date or a date-time is given: from 1900-01-01 to
 * 2999-12-31. Beyond them PostgreSQL's and JavaScript's calendars part (year 0, a five-digit
 * year after a day is added), so one range is checked where a date is read and written into the
 * document (`format: date` with DATE_PATTERN, whose years are 1900 to 2999).
 */
export const DATE_MIN = '1900-01-01';
export const DATE_MAX = '2999-12-31';
export const DATE_RANGE_WORDS = `from ${DATE_MIN} to ${DATE_MAX}`;
/** A YYYY-MM-DD whose year is within the range (the calendar check itself is the server's). */
export const DATE_PATTERN = '^(19\\d{2}|2\\d{3})-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$';
/** A date-time whose day is within the range: YYYY-MM-DD, then optionally T and a time. */
export const DATE_TIME_PATTERN = '^(19\\d{2}|2\\d{3})-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])([T ].*)?$';

/** A date's or date-time's day (its first 10 characters) is within DATE_MIN..DATE_MAX. */
export function inDateRange(value: string): boolean {
  const day = /^(\d{4}-\d{2}-\d{2})(?![\d])/.exec(value)?.[1];
  return !!day && day >= DATE_MIN && day <= DATE_MAX;
}

/** The message of a date value that is not accepted: not a date, or a date outside the range. */
export function dateMessage(value: unknown, label: string): string {
  return typeof value === 'string' && isCalendarDay(value)
    ? `${label} must be a date ${DATE_RANGE_WORDS}`
    : `${label} must be a date (YYYY-MM-DD)`;
}

/** A calendar date YYYY-MM-DD that exists (no time part), from 1900-01-01 to 2999-12-31. */
export function IsDateOnly(options?: ValidationOptions) {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'isDateOnly',
      target: target.constructor,
      propertyName,
      options: {
        ...options,
        // a day outside the range is named as such, whatever the message of a value that is no date
        message: (args) =>
          typeof args.value === 'string' && isCalendarDay(args.value)
            ? `${fieldLabel(propertyName)} must be a date ${DATE_RANGE_WORDS}`
            : typeof options?.message === 'function'
              ? options.message(args)
              : (options?.message ?? dateMessage(args.value, fieldLabel(propertyName))),
      },
      validator: {
        validate: (value: unknown) => typeof value === 'string' && isCalendarDate(value),
      },
    });
}

/**
 * A date-time (checked by IsISO8601 beside it) whose day is within the product's range; other
 * values are left to the format check.
 */
export function IsInDateRange(options?: ValidationOptions) {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'isInDateRange',
      target: target.constructor,
      propertyName,
      options: { message: `${fieldLabel(propertyName)} must be ${DATE_RANGE_WORDS}`, ...options },
      validator: {
        validate: (value: unknown) => typeof value !== 'string' || !/^[+-]?\d{4}/.test(value) || inDateRange(value),
      },
    });
}

export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A date YYYY-MM-DD that exists and is within the product's range (DATE_MIN..DATE_MAX). */
export function isCalendarDate(value: string): boolean {
  return isCalendarDay(value) && inDateRange(value);
}

/** `%`, `_` and `\` matched literally in a LIKE pattern. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/**
 * For a property that may be left out of a body but, when present, must be a real value: unlike
 * @IsOptional, null is validated (and refused by the property's other rules) instead of skipped.
 */
export const IsOptionalNotNull = () => ValidateIf((_object: object, value: unknown) => value !== undefined);

/**
 * The decimal places of a number as JavaScript writes it, exponent form included: 1e-7 has 7,
 * 1.25e-5 has 7, 1e21 and 1.5e2 have none. Infinity and NaN have none (the type check refuses them).
 */
export function decimalPlaces(value: number): number {
  if (!Number.isFinite(value)) return 0;
  const [mantissa, exponent = '0'] = String(value).toLowerCase().split('e');
  const fraction = mantissa.split('.')[1] ?? '';
  return Math.max(0, fraction.length - Number(exponent));
}

const ACRONYMS: Record<string, string> = Object.fromEntries(
  ['id', 'ip', 'url', 'gps', 'kpi', 'pdf', 'csv', 'smtp', 'api', 'utc', 'cidr', 'iban', 'wifi'].flatMap((word) => {
    const upper = word === 'wifi' ? 'Wi-Fi' : word.toUpperCase();
    return [[word, upper], [`${word}s`, `${upper}s`]];
  }),
);

/** Abbreviations at the start of a field name, in full: max_radius → "Maximum radius". */
const WORDS: Record<string, string> = { max: 'maximum', min: 'minimum' };

/** A field name in words for messages: allowed_ip_ranges → "Allowed IP ranges", maxCarryOverDays → "Max carry over days". */
export function fieldLabel(field: string): string {
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

/** A field name in words inside a sentence: end_date → "end date", position_id → "position ID". */
export function fieldWords(field: string): string {
  const label = fieldLabel(field);
  return /^[A-Z][a-z]/.test(label) ? label[0].toLowerCase() + label.slice(1) : label;
}

/** The accepted values of a choice in words: ['full_time', 'part_time', 'contract'] → "full time, part time or contract". */
export function oneOf(values: readonly string[]): string {
  const words = values.map((v) => v.replace(/_/g, ' '));
  return words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A validation message with its property in words: class-validator's own messages ("hire_date
 * must be a string", "each value in department_ids must be…") name the property as the code spells
 * it; the answer reads "Hire date must be a string". A name inside a dotted path is left alone.
 */
export function inWords(message: string, property: string): string {
  const pattern = new RegExp(`(^|[^\\w.])${escapeRegExp(property)}(?![\\w.])`, 'g');
  if (!pattern.test(message)) return message;
  const text = message.replace(pattern, (_m, before: string) => `${before}${fieldWords(property)}`);
  return text[0].toUpperCase() + text.slice(1);
}

/**
 * A number with at most `places` decimals, exponent forms included (1e2 is 100; 1e-7 has 7
 * decimals). The one check of every numeric decimal field: class-validator's
 * IsNumber({ maxDecimalPlaces }) splits the number's text at a dot and fails on 1e-7. `message`
 * answers a value that is not a number; too many decimals answer "<Field> must have at most N
 * decimal places".
 */
export function IsDecimal(places: number, options?: ValidationOptions) {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'isDecimal',
      target: target.constructor,
      propertyName,
      constraints: [places],
      options: {
        ...options,
        message: (args) =>
          typeof args.value === 'number' && Number.isFinite(args.value)
            ? `${fieldLabel(propertyName)} must have at most ${places} decimal ${places === 1 ? 'place' : 'places'}`
            : typeof options?.message === 'function'
              ? options.message(args)
              : (options?.message ?? `${fieldLabel(propertyName)} must be a number`),
      },
      validator: {
        validate: (value: unknown) => typeof value === 'number' && Number.isFinite(value) && decimalPlaces(value) <= places,
      },
    });
}
