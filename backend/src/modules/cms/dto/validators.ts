import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateIf } from 'class-validator';

/** Trims text; an empty text clears the field (null). */
export const blankToNull = ({ value }: { value: unknown }) => {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
};

/**
 * http(s) URLs, paths on this site and anchors; never javascript: or data: URLs, and never a
 * protocol-relative `//host` or `/\\host` (browsers read a backslash as a slash), which would send
 * a visitor to another site from a field meant for a path. No backslash or control character
 * anywhere.
 */
// eslint-disable-next-line no-control-regex -- control characters are what it refuses
export const SAFE_URL = /^(https?:\/\/[^\s<>"\\\x00-\x1f\x7f]+|\/(?![/\\])[^\s<>"\\\x00-\x1f\x7f]*|#[^\s<>"\\\x00-\x1f\x7f]*)$/i;

/** A field's name in words: hero_secondary_cta_url → "Hero secondary CTA URL". */
export const fieldInWords = (property: string) => {
  const words = property.split('_').map((w) => (['cta', 'url', 'seo'].includes(w) ? w.toUpperCase() : w));
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

export const SAFE_URL_MESSAGE = ({ property }: { property: string }) =>
  `${fieldInWords(property)} must be an http(s) URL, a path on this site starting with a single / or an anchor starting with #`;

const ONLY_WHEN_SENT = ValidateIf((_: object, value: unknown) => value !== undefined);

/** Optional text; null or '' clears it. */
export const OptionalText = (maxLength: number, example?: string) =>
  applyDecorators(
    ApiPropertyOptional({ type: String, nullable: true, maxLength, example }),
    Transform(blankToNull),
    IsOptional(),
    IsString({ message: '$property must be text' }),
    MaxLength(maxLength, { message: '$property must be at most $constraint1 characters long' }),
  );

/** Optional URL (see SAFE_URL); null or '' clears it. */
export const OptionalUrl = (example?: string) =>
  applyDecorators(
    ApiPropertyOptional({ type: String, nullable: true, maxLength: 2048, example }),
    Transform(blankToNull),
    IsOptional(),
    IsString({ message: '$property must be text' }),
    MaxLength(2048, { message: '$property must be at most $constraint1 characters long' }),
    Matches(SAFE_URL, { message: SAFE_URL_MESSAGE }),
  );

export const OptionalEmail = () =>
  applyDecorators(
    ApiPropertyOptional({ type: String, nullable: true, maxLength: 255, example: 'contact@example.com' }),
    // an empty text is no e-mail address (null clears it)
    Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value)),
    IsOptional(),
    IsEmail({}, { message: '$property must be an email address' }),
    MaxLength(255, { message: '$property must be at most $constraint1 characters long' }),
  );

/** A whole number that may be left out but never cleared. */
export const OptionalCount = (min: number, max: number, example?: number) =>
  applyDecorators(
    ApiPropertyOptional({ type: Number, minimum: min, maximum: max, example }),
    ONLY_WHEN_SENT,
    IsInt({ message: '$property must be a whole number' }),
    Min(min, { message: '$property must be at least $constraint1' }),
    Max(max, { message: '$property must be at most $constraint1' }),
  );

/** Text that may be left out but, when sent, must not be empty. */
export const OptionalRequiredText = (maxLength: number, emptyMessage: string, example?: string) =>
  applyDecorators(
    ApiPropertyOptional({ type: String, maxLength, example }),
    Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value)),
    ONLY_WHEN_SENT,
    IsString({ message: '$property must be text' }),
    Matches(/\S/, { message: emptyMessage }),
    MaxLength(maxLength, { message: '$property must be at most $constraint1 characters long' }),
  );
