import { useCallback } from 'react';
import { useCreate, useNotify, useRedirect, useTranslate, useUpdate, type Identifier, type RaRecord } from 'react-admin';
import { errorMessage, fieldErrors } from '../../providers/httpClient';

interface Options {
  resource: string;
  /** absent on create */
  id?: Identifier;
  previousData?: RaRecord;
  /** the form values → the request body (read-only and display fields left out) */
  transform: (values: Record<string, any>) => Record<string, unknown>;
  successMessage: string;
  failureMessage: string;
}

/**
 * The form's onSubmit: creates or updates, toasts the outcome (the server's message preferred,
 * spec 8) and goes back to the list; on failure it returns the server's field errors, which the
 * form shows under the fields.
 */
export const useResourceSave = ({ resource, id, previousData, transform, successMessage, failureMessage }: Options) => {
  const [create] = useCreate();
  const [update] = useUpdate();
  const notify = useNotify();
  const redirect = useRedirect();
  const translate = useTranslate();

  return useCallback(
    async (values: Record<string, any>) => {
      const data = transform(values);
      try {
        if (id === undefined) {
          await create(resource, { data }, { returnPromise: true });
        } else {
          await update(resource, { id, data, previousData }, { mutationMode: 'pessimistic', returnPromise: true });
        }
        notify(successMessage, { type: 'success' });
        redirect('list', resource);
        return undefined;
      } catch (error) {
        notify(errorMessage(error, failureMessage), { type: 'error' });
        const errors = fieldErrors(error);
        return errors.length ? Object.fromEntries(errors.map((e) => [e.field, translate(e.message)])) : undefined;
      }
    },
    [create, update, notify, redirect, translate, resource, id, previousData, transform, successMessage, failureMessage],
  );
};

/** Only these keys of the values, with undefined left out. */
export const pick = (values: Record<string, any>, keys: readonly string[]): Record<string, unknown> =>
  Object.fromEntries(keys.filter((k) => values[k] !== undefined).map((k) => [k, values[k]]));
