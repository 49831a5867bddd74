/** The body of every answer: `{ success, data, message? }`; errors `{ success: false, message, errors? }`. */
export interface FieldError {
  field: string;
  message: string;
}

/** What a handler returns when it has a message to show (the interceptor wraps plain values). */
export class ApiResult<T> {
  constructor(
    readonly data: T,
    readonly message?: string,
  ) {}
}

export function ok<T>(data: T, message?: string): ApiResult<T> {
  return new ApiResult(data, message);
}

/**
 * One page of a list: the interceptor answers `data` = items and the Content-Range header. With
 * `schema` (the OpenAPI schema its items are exactly), the answer's JSON comes from a serializer
 * made from that schema (page-serializer.ts).
 */
export class Page<T> {
  constructor(
    readonly resource: string,
    readonly items: T[],
    readonly offset: number,
    readonly total: number,
    readonly schema?: string,
  ) {}

  get contentRange(): string {
    const end = this.items.length ? this.offset + this.items.length - 1 : this.offset;
    return `${this.resource} ${this.offset}-${end}/${this.total}`;
  }
}
