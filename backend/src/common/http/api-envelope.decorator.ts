import { applyDecorators, type Type } from '@nestjs/common';
import { ApiExtraModels, ApiResponse, getSchemaPath } from '@nestjs/swagger';

/** Documents `{ success: true, data: <model or list of model>, message? }`. */
export function ApiEnvelope(model: Type<unknown> | null, opts: { status?: number; isArray?: boolean; description?: string } = {}) {
  const data = model
    ? opts.isArray
      ? { type: 'array', items: { $ref: getSchemaPath(model) } }
      : { $ref: getSchemaPath(model) }
    : { type: 'object', nullable: true };
  return applyDecorators(
    ...(model ? [ApiExtraModels(model)] : []),
    ApiResponse({
      status: opts.status ?? 200,
      description: opts.description ?? 'Success',
      schema: {
        type: 'object',
        required: ['success', 'data'],
        properties: { success: { type: 'boolean', example: true }, data, message: { type: 'string' } },
      },
    }),
  );
}
