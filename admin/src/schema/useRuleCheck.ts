import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import type { ObjectSchema } from './compact';
import { formFields, type FieldDescriptor } from './derive';
import { brokenRule } from './validation';

const NUMERIC = new Set<FieldDescriptor['kind']>(['integer', 'number', 'money']);

/** A typed text as the body carries it: a number for a number field (a wrong one stays text, for the server to name). */
export const wireValue = (field: FieldDescriptor | undefined, text: string): string | number | null => {
  // a cleared optional field is sent as null: the server refuses empty text where a format applies
  if (field?.nullable && text.trim() === '') return null;
  return field && NUMERIC.has(field.kind) && field.kind !== 'money' && /^-?\d+(\.\d+)?$/.test(text.trim()) ? Number(text.trim()) : text;
};

/**
 * The server's rules of a body's fields for inputs outside a react-admin form (fields saved one by
 * one, small inline forms): `check(field)(text)` is the first rule the text breaks, in the server's
 * words, or null; `field(name)` is the field's descriptor (its kind, whether it is required).
 */
export function useRuleCheck(body: ObjectSchema | undefined) {
  const translate = useTranslate();
  const fields = useMemo(() => Object.fromEntries(formFields(body).map((field) => [field.source, field])), [body]);
  return {
    field: (name: string): FieldDescriptor | undefined => fields[name],
    check: (name: string) => (text: string) => (fields[name] ? brokenRule(fields[name], wireValue(fields[name], text), translate) : null),
    /** the broken rules of a small form's values, by field (for an inline add form) */
    checkAll: (values: Record<string, string>) =>
      Object.fromEntries(
        Object.keys(values)
          .filter((name) => fields[name])
          .map((name) => [name, brokenRule(fields[name], wireValue(fields[name], values[name] ?? ''), translate)] as const)
          .filter(([, message]) => message),
      ) as Record<string, string>,
  };
}
