import { errorMessage, fieldErrors } from '../../providers/httpClient';

/**
 * A failed save as the form shows it: the server's field errors under the fields the form has,
 * and any other message (or the fallback) above the fields.
 */
export const serverErrors = (error: unknown, shown: (field: string) => boolean, fallback: string) => {
  const errors: Record<string, string> = {};
  let alert: string | null = null;
  for (const { field, message } of fieldErrors(error)) {
    if (shown(field)) errors[field] ??= message;
    else alert ??= message;
  }
  if (!Object.keys(errors).length && !alert) alert = errorMessage(error, fallback);
  return { errors, alert };
};

export const inList = (fields: readonly string[]) => (field: string) => fields.includes(field);
