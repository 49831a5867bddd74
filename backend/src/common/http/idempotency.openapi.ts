import type { OpenAPIObject } from '@nestjs/swagger';

export const IDEMPOTENCY_PARAMETER = 'IdempotencyKey';

/**
 * Documents the optional Idempotency-Key header on every signed-in POST that honours it (not on
 * public operations, multipart uploads, or those marked x-idempotency: false).
 */
export function addIdempotencyKeyHeader(doc: OpenAPIObject): void {
  doc.components ??= {};
  doc.components.parameters = {
    ...doc.components.parameters,
    [IDEMPOTENCY_PARAMETER]: {
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      // visible ASCII (the interceptor's check): a space or a character beyond ASCII is a 400
      schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[!-~]+$', example: '5f0c8e1a-7d9b-4c1e-9a57-2f3b1c6d8e40' },
      description:
        'Makes the POST safe to retry: a repeat with the same key (same user, method, URL and body, within ' +
        'IDEMPOTENCY_TTL_HOURS) answers the stored status and body without a second effect and with the ' +
        'header Idempotent-Replayed: true; the same key with another request answers 422; a repeat while ' +
        'the first is still running may answer 409.',
    },
  };
  for (const item of Object.values(doc.paths)) {
    const op = (item as Record<string, any>).post;
    if (!op || op['x-public'] || op['x-idempotency'] === false) continue;
    if (op.requestBody?.content?.['multipart/form-data']) continue;
    op.parameters = [...(op.parameters ?? []), { $ref: `#/components/parameters/${IDEMPOTENCY_PARAMETER}` }];
  }
}
