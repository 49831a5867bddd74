import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { addIdempotencyKeyHeader } from '../common/http/idempotency.openapi';
import { addWriteBlockedResponses } from '../common/auth/decorators';
import { addErrorResponses } from './responses';
import { addRouteMetadata, bodyClasses } from './route-metadata';
import { addBodyShapes, addDateRange, describeAmounts, addValidationRules, closeRequestBodies, markUnchangeable } from './validation-rules';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/**
 * The OpenAPI document; operations marked @Public have no security, all others need the bearer.
 * Beyond what @nestjs/swagger reads from the decorators, it carries every status an operation can
 * answer (responses.ts), the list parameters, integer path ids and file answers (route-metadata.ts)
 * and the validation rules of the request bodies (validation-rules.ts); the API tests check every
 * answer they receive against it (test/support/openapi-check.ts).
 */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('HR Platform API')
    .setDescription(
      'Multi-company HR and workforce API. Answers are `{ success, data, message? }`; errors ' +
        '`{ success: false, message, errors?: [{ field, message }] }`. Lists take react-admin simple-rest ' +
        'parameters (`sort`, `range`, `filter`) and answer `Content-Range`.',
    )
    .setVersion('1.0.0')
    // the API answers at the origin that serves the document (and the console)
    .addServer('/', 'The server that serves this document')
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }, 'bearer')
    .build();
  const doc = SwaggerModule.createDocument(app, config, {
    operationIdFactory: (controller, method) => `${controller.replace(/Controller$/, '')}_${method}`,
  });
  for (const path of Object.keys(doc.paths).sort()) {
    const item = doc.paths[path] as Record<string, any>;
    for (const m of METHODS) {
      const op = item[m];
      if (!op) continue;
      if (op['x-public']) op.security = [];
      else op.security = [{ bearer: [] }];
    }
  }
  addIdempotencyKeyHeader(doc);
  addWriteBlockedResponses(doc);
  addRouteMetadata(app, doc);
  addValidationRules(doc, bodyClasses(app));
  closeRequestBodies(doc);
  addDateRange(doc);
  markUnchangeable(doc);
  addBodyShapes(doc);
  describeAmounts(doc);
  addErrorResponses(doc);
  // stable key order, so the committed file only changes when the API does
  doc.paths = Object.fromEntries(Object.entries(doc.paths).sort(([a], [b]) => a.localeCompare(b)));
  return doc;
}

export function serializeOpenApi(doc: OpenAPIObject): string {
  return JSON.stringify(doc, null, 2) + '\n';
}
