import { HttpStatus, ValidationError, ValidationPipe } from '@nestjs/common';
import { ApiError } from './errors';
import type { FieldError } from './envelope';

function flatten(errors: ValidationError[], parent = ''): FieldError[] {
  const out: FieldError[] = [];
  for (const e of errors) {
    const field = parent ? `${parent}.${e.property}` : e.property;
    for (const [rule, text] of Object.entries(e.constraints ?? {})) {
      out.push({ field, message: rule === 'whitelistValidation' ? `${field} is not an accepted field` : text });
    }
    if (e.children?.length) out.push(...flatten(e.children, field));
  }
  return out;
}

/**
 * DTOs are validated with whitelist + forbidNonWhitelisted: an unknown field is a 400, never
 * silently stored. The answer names every field at fault; its message is the first of them.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => {
      const fields = flatten(errors);
      return new ApiError(HttpStatus.BAD_REQUEST, fields[0]?.message ?? 'Validation failed', fields);
    },
  });
}
