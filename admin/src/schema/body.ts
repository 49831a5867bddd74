import type { ObjectSchema } from './compact';

/**
 * The request body from a form's values: only the properties the operation accepts; an emptied
 * optional field is null where the property allows null and left out where it does not.
 */
export function bodyFrom(values: Record<string, unknown>, body: ObjectSchema | undefined, mode: 'create' | 'edit'): Record<string, unknown> {
  if (!body) return {};
  const out: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(body.properties)) {
    if (name === 'company_id' || !(name in values)) continue;
    let value = values[name];
    if (typeof value === 'string') value = value.trim();
    if (value === '' || value === undefined || value === null) {
      if (property.nullable && (mode === 'edit' || value === null || value === '')) out[name] = null;
      continue;
    }
    if ((property.type === 'number' || property.type === 'integer') && typeof value === 'string' && value !== '' && Number.isFinite(Number(value))) {
      value = Number(value);
    }
    out[name] = value;
  }
  return out;
}
