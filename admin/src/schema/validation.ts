import { email, maxLength, maxValue, minLength, minValue, regex, required, type Validator } from 'react-admin';
import type { FieldDescriptor } from './derive';
import { fieldWords } from './derive';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The server's rules of a field, checked before sending, in the server's words: the messages name
 * the field in words (derive.fieldWords: the server's fieldLabel without a reference's "ID") and come from the catalogue.
 */
/** The server's sentence for a whole form's missing fields, not about one field. */
const FORM_WIDE = /^Please fill in all required fields/;

export function validatorsOf(field: FieldDescriptor, translate: Translate): Validator[] {
  const { rules } = field;
  const name = fieldWords(field.source);
  // the server's own sentence where the document carries it, else the catalogue's in the server's wording
  const SERVER_RULE: Record<string, string> = { required: 'required', min_length: 'minLength', max_length: 'maxLength', minimum: 'minimum', maximum: 'maximum', integer: 'integer', email: 'email', pattern: 'pattern', time: 'pattern', uri: 'format' };
  // an empty required field says "Required" under itself (its label names it) where the server's
  // sentence is the form-wide one ("Please fill in all required fields"), which under every field
  // read as noise; a field's own sentence ("A reason is required") stays
  const serverSays = (key: string) => {
    const message = field.messages?.[SERVER_RULE[key]];
    return key === 'required' && message && FORM_WIDE.test(message) ? undefined : message;
  };
  const say = (key: string, args: Record<string, unknown> = {}) =>
    serverSays(key) ?? translate(`schema.validation.${key}`, { field: name, ...args });
  const out: Validator[] = [];
  // a required property that allows null (a band with no upper limit) must be sent, but may be empty
  if (rules.required && !field.nullable) out.push(required(say('required')));
  if (rules.minLength !== undefined && rules.minLength > 1) out.push(minLength(rules.minLength, say('min_length', { min: rules.minLength })));
  if (rules.maxLength !== undefined) out.push(maxLength(rules.maxLength, say('max_length', { max: rules.maxLength })));
  if (rules.minimum !== undefined) out.push(minValue(rules.minimum, say('minimum', { min: rules.minimum })));
  if (rules.maximum !== undefined) out.push(maxValue(rules.maximum, say('maximum', { max: rules.maximum })));
  if (field.kind === 'integer') out.push((value: unknown) => (value === null || value === undefined || value === '' || Number.isInteger(Number(value)) ? undefined : say('integer')));
  if (rules.email && field.kind === 'list') {
    // react-admin's own address rule, applied to each item of the list
    const each = email(say('email_list'));
    out.push((value: unknown, values: unknown) => (Array.isArray(value) ? value.map((item) => each(item, values)).find(Boolean) : undefined));
  } else if (rules.email) out.push(email(say('email')));
  if (rules.pattern && field.kind !== 'time') {
    try {
      out.push(regex(new RegExp(rules.pattern, 'u'), say('pattern')));
    } catch {
      // a pattern JavaScript cannot read stays the server's to check
    }
  }
  if (field.kind === 'time') out.push((value: unknown) => (!value || /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(String(value)) ? undefined : say('time')));
  if (rules.uri) out.push((value: unknown) => (!value || /^https?:\/\/\S+$/i.test(String(value)) ? undefined : say('uri')));
  return out;
}

/** The first of a field's rules a value breaks, in the server's words, or null (for inputs outside a react-admin form). */
export function brokenRule(field: FieldDescriptor, value: unknown, translate: Translate): string | null {
  for (const rule of validatorsOf(field, translate)) {
    const broken = rule(value === '' ? null : value, {}, { source: field.source });
    if (typeof broken === 'string') return broken;
    if (broken && typeof broken === 'object' && 'message' in broken) return translate(broken.message, broken.args);
  }
  return null;
}
