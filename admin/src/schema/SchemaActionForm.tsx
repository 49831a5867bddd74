import { useNotify } from 'react-admin';
import { fieldErrors, errorMessage } from '../providers/httpClient';
import { bodyFrom } from './body';
import type { ObjectSchema } from './compact';
import type { ResourceConfig } from './config';
import { SchemaForm, type SubmitResult } from './SchemaForm';

/**
 * The generated form of an operation's body that is not a collection's create or update (a payment
 * recorded on an invoice, a reason to void it, a settings record replaced with PUT): the body's
 * fields with the server's rules, labelled under `resources.<config.name>`, and the server's field
 * errors back next to their fields. `values` are the form's first values (config.form.defaults
 * and the document's defaults under them).
 */
export function SchemaActionForm({
  config,
  body,
  values,
  onSubmit,
  onCancel,
  failed,
}: {
  config: ResourceConfig;
  body: ObjectSchema;
  values?: Record<string, unknown>;
  /** sends the body; a failed call throws (the typed client's HttpError) */
  onSubmit: (body: Record<string, unknown>) => Promise<void>;
  onCancel: () => void;
  /** the toast when the server refuses without naming a field and says nothing */
  failed: string;
}) {
  const notify = useNotify();
  const withValues: ResourceConfig = { ...config, form: { ...config.form, defaults: { ...config.form?.defaults, ...values } } };
  const submit = async (formValues: Record<string, unknown>): Promise<SubmitResult> => {
    const data = config.transform ? config.transform(formValues, 'create') : bodyFrom(formValues, body, 'create');
    try {
      await onSubmit(data);
      return undefined;
    } catch (error) {
      const errors = fieldErrors(error);
      const placed = errors.filter((e) => e.field.split('.')[0] in body.properties);
      if (placed.length < errors.length || !errors.length) notify(errorMessage(error, failed), { type: 'error' });
      return placed.length ? Object.fromEntries(placed.map((e) => [e.field, e.message])) : undefined;
    }
  };
  return (
    <SchemaForm
      config={withValues}
      resource={{ name: config.name, create: body, operations: {} }}
      mode="create"
      onSubmit={submit}
      onCancel={onCancel}
    />
  );
}
