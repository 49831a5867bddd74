import { describe, expect, it } from 'vitest';
import { schemaMessages } from './messages.en';
import { brokenRule } from './validation';

const translate = (key: string, options?: Record<string, unknown>) => {
  const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], schemaMessages);
  return typeof text === 'string' ? text.replace(/%\{(\w+)\}/g, (_, name) => String(options?.[name] ?? '')) : key;
};

describe("a field's own message under it", () => {
  it('an empty required field says "Required", not the form-wide sentence the server sends', () => {
    const field = { source: 'first_name', kind: 'text' as const, nullable: false, rules: { required: true, maxLength: 100 }, messages: { required: 'Please fill in all required fields', maxLength: 'First name is too long' } };
    expect(brokenRule(field, '', translate)).toBe('Required');
    // the server's own words stay for the other rules
    expect(brokenRule(field, 'x'.repeat(101), translate)).toBe('First name is too long');
    expect(brokenRule(field, 'Ann', translate)).toBeNull();
  });

  it("a field's own sentence for a missing value stays", () => {
    const field = { source: 'reason', kind: 'text' as const, nullable: false, rules: { required: true }, messages: { required: 'A reason is required' } };
    expect(brokenRule(field, '', translate)).toBe('A reason is required');
    // the spec's sentence naming the form's required fields stays too
    const code = { ...field, source: 'type_code', messages: { required: 'Type name and code are required' } };
    expect(brokenRule(code, '', translate)).toBe('Type name and code are required');
  });
});
