import type { RaRecord } from 'react-admin';
import schema from 'virtual:console-schema';

const NAME = /(^|_)(name|title)$/;

/** How a record of a collection reads in a picker or a cell: a person's name and code, else its name or title. */
export function representation(resource: string): (record: RaRecord) => string {
  const properties = Object.keys(schema.resources[resource]?.record?.properties ?? {});
  if (properties.includes('first_name') && properties.includes('last_name')) {
    const code = properties.find((p) => /_code$/.test(p));
    return (r) => `${[r.first_name, r.last_name].filter(Boolean).join(' ')}${code && r[code] ? ` (${r[code]})` : ''}`;
  }
  const name = properties.find((p) => NAME.test(p) && !/^(company|department|position|manager)_name$/.test(p)) ?? properties.find((p) => NAME.test(p));
  const code = properties.find((p) => /_code$/.test(p) || p === 'code');
  return (r) => String((name && r[name]) ?? (code && r[code]) ?? `#${r.id}`);
}

/** The search filter of a collection for what a person types in a picker (no row cap: the server searches). */
export function searchFilter(resource: string): (text: string) => Record<string, string> {
  const filters = schema.resources[resource]?.list?.filters ?? [];
  const key = filters.includes('q') ? 'q' : filters.includes('search') ? 'search' : 'q';
  return (text) => (text ? { [key]: text } : {});
}
