import { HttpException, HttpStatus } from '@nestjs/common';
import type { FieldError } from './envelope';

/** An error answered with the envelope's shape: a message and, when known, the fields at fault. */
export class ApiError extends HttpException {
  constructor(status: number, message: string, errors?: FieldError[], extra?: Record<string, unknown>) {
    super({ success: false, message, ...(errors?.length ? { errors } : {}), ...extra }, status);
  }
}

export const badRequest = (message: string, field?: string) =>
  new ApiError(HttpStatus.BAD_REQUEST, message, field ? [{ field, message }] : undefined);
export const notFound = (what = 'Resource') => new ApiError(HttpStatus.NOT_FOUND, `${what} not found`);
export const conflict = (message: string, field?: string) =>
  new ApiError(HttpStatus.CONFLICT, message, field ? [{ field, message }] : undefined);
export const unprocessable = (message: string, field?: string) =>
  new ApiError(HttpStatus.UNPROCESSABLE_ENTITY, message, field ? [{ field, message }] : undefined);
export const forbidden = (message = 'You do not have permission to perform this action') =>
  new ApiError(HttpStatus.FORBIDDEN, message);
export const unauthorized = (message = 'Authentication required') => new ApiError(HttpStatus.UNAUTHORIZED, message);
