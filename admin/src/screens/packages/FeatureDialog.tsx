import { useEffect, useMemo } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { api, errorMessage, fieldErrors } from '../../providers/httpClient';
import { FormDialog, text, toFormErrors, useFormState, type FieldSpec, type FormErrors, type FormValues } from '../../layout/FieldsFormDialog';
import { FEATURE_MODULES, FEATURE_TYPES } from './api';

const EMPTY: FormValues = { feature_code: '', feature_name: '', description: '', module: '', feature_type: '', is_active: true };

/** Create a feature (spec 2.14; code, name, module and type required). */
export const FeatureDialog = ({ open, onClose, onSaved }: { open: boolean; onClose: () => void; onSaved: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const form = useFormState(() => EMPTY);
  const { reset } = form;

  useEffect(() => {
    if (open) reset(EMPTY);
  }, [open, reset]);

  const fields = useMemo<FieldSpec[]>(
    () => [
      { name: 'feature_code', label: 'packages.fields.feature_code', required: true },
      { name: 'feature_name', label: 'packages.fields.feature_name', required: true },
      {
        name: 'module',
        label: 'packages.fields.module',
        type: 'select',
        required: true,
        options: FEATURE_MODULES.map((m) => ({ value: m, label: translate(`packages.modules.${m}`) })),
      },
      {
        name: 'feature_type',
        label: 'packages.fields.feature_type',
        type: 'select',
        required: true,
        options: FEATURE_TYPES.map((m) => ({ value: m, label: translate(`packages.types.${m}`) })),
      },
      { name: 'description', label: 'packages.fields.description', type: 'multiline' },
    ],
    [translate],
  );

  const validate = (v: FormValues): FormErrors => {
    const found: FormErrors = {};
    for (const name of ['feature_code', 'feature_name', 'module', 'feature_type'] as const) {
      if (!text(v, name)) found[name] = translate(`packages.validation.${name}`);
    }
    return found;
  };

  const submit = async () => {
    const found = validate(form.values);
    form.setErrors(found);
    form.setAlert(null);
    if (Object.values(found).some(Boolean)) return;
    const v = form.values;
    form.setSubmitting(true);
    try {
      await api.post('/packages/features', {
        feature_code: text(v, 'feature_code'),
        feature_name: text(v, 'feature_name'),
        description: text(v, 'description') || null,
        module: v.module,
        feature_type: v.feature_type,
      });
      notify('packages.toast.feature_created', { type: 'success' });
      onSaved();
    } catch (error) {
      const errors = toFormErrors(fieldErrors(error), fields);
      form.setErrors(errors);
      const message = errorMessage(error, translate('packages.errors.create_feature'));
      if (!Object.keys(errors).length) form.setAlert(message);
      notify(message, { type: 'error' });
    } finally {
      form.setSubmitting(false);
    }
  };

  return (
    <FormDialog
      open={open}
      title={translate('packages.feature_title')}
      fields={fields}
      values={form.values}
      errors={form.errors}
      alert={form.alert}
      submitting={form.submitting}
      submitLabel="packages.create"
      onChange={form.onChange}
      onSubmit={submit}
      onClose={onClose}
    />
  );
};
