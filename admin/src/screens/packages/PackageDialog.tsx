import { useEffect, useMemo } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { api, errorMessage, fieldErrors } from '../../providers/httpClient';
import { FormDialog, text, toFormErrors, useFormState, type FieldSpec, type FormErrors, type FormValues } from '../../layout/FieldsFormDialog';
import { AMOUNT, type Package, type PackageDetail } from './api';

const initialValues = (pkg: Package | null): FormValues => ({
  package_code: pkg?.package_code ?? '',
  package_name: pkg?.package_name ?? '',
  description: pkg?.description ?? '',
  monthly_price: pkg ? String(Number(pkg.monthly_price)) : '',
  annual_price: pkg ? String(Number(pkg.annual_price)) : '',
  // spec 9 defaults
  max_employees: String(pkg?.max_employees ?? 50),
  max_admins: String(pkg?.max_admins ?? 5),
  trial_days: String(pkg?.trial_days ?? 0),
  sort_order: String(pkg?.sort_order ?? 0),
  is_popular: pkg?.is_popular ?? false,
  is_active: pkg?.is_active ?? true,
});

/** Create or edit a package (spec 2.14 and the package form rules of section 5). */
export const PackageDialog = ({
  open,
  pkg,
  onClose,
  onSaved,
}: {
  open: boolean;
  pkg: Package | null;
  onClose: () => void;
  onSaved: (pkg: PackageDetail) => void;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const form = useFormState(() => initialValues(pkg));
  const { reset } = form;

  useEffect(() => {
    if (open) reset(initialValues(pkg));
  }, [open, pkg, reset]);

  const fields = useMemo<FieldSpec[]>(
    () => [
      {
        name: 'package_code',
        label: 'packages.fields.package_code',
        required: true,
        disabled: !!pkg,
        hint: 'packages.hints.package_code',
      },
      { name: 'package_name', label: 'packages.fields.package_name', required: true },
      { name: 'description', label: 'packages.fields.description', type: 'multiline' },
      { name: 'monthly_price', label: 'packages.fields.monthly_price', type: 'number', required: true, min: 0, step: '0.01' },
      { name: 'annual_price', label: 'packages.fields.annual_price', type: 'number', required: true, min: 0, step: '0.01' },
      { name: 'max_employees', label: 'packages.fields.max_employees', type: 'number', min: -1, hint: 'packages.hints.limit' },
      { name: 'max_admins', label: 'packages.fields.max_admins', type: 'number', min: -1, hint: 'packages.hints.limit' },
      { name: 'trial_days', label: 'packages.fields.trial_days', type: 'number', min: 0 },
      { name: 'sort_order', label: 'packages.fields.sort_order', type: 'number' },
      { name: 'is_popular', label: 'packages.fields.is_popular', type: 'switch' },
      { name: 'is_active', label: 'packages.fields.is_active', type: 'switch' },
    ],
    [pkg],
  );

  const validate = (v: FormValues): FormErrors => {
    const found: FormErrors = {};
    const whole = (name: string, min: number, message: string) => {
      const raw = text(v, name);
      if (!/^-?\d+$/.test(raw)) found[name] = translate('packages.validation.whole');
      else if (Number(raw) < min) found[name] = translate(message);
    };
    if (!pkg && !text(v, 'package_code')) found.package_code = translate('packages.validation.package_code');
    if (!text(v, 'package_name')) found.package_name = translate('packages.validation.package_name');
    for (const name of ['monthly_price', 'annual_price'] as const) {
      if (!text(v, name)) found[name] = translate(`packages.validation.${name}`);
      else if (!AMOUNT.test(text(v, name))) found[name] = translate('packages.validation.price');
    }
    whole('max_employees', -1, 'packages.validation.limit');
    whole('max_admins', -1, 'packages.validation.limit');
    whole('trial_days', 0, 'packages.validation.trial_days');
    whole('sort_order', -100000, 'packages.validation.whole');
    return found;
  };

  const submit = async () => {
    const found = validate(form.values);
    form.setErrors(found);
    form.setAlert(null);
    if (Object.values(found).some(Boolean)) return;
    const v = form.values;
    const body: Record<string, unknown> = {
      package_name: text(v, 'package_name'),
      description: text(v, 'description') || null,
      monthly_price: text(v, 'monthly_price'),
      annual_price: text(v, 'annual_price'),
      max_employees: Number(v.max_employees),
      max_admins: Number(v.max_admins),
      trial_days: Number(v.trial_days),
      sort_order: Number(v.sort_order),
      is_popular: v.is_popular === true,
      is_active: v.is_active === true,
    };
    if (!pkg) body.package_code = text(v, 'package_code');
    form.setSubmitting(true);
    try {
      const { json } = pkg
        ? await api.put<PackageDetail>(`/packages/packages/${pkg.id}`, body)
        : await api.post<PackageDetail>('/packages/packages', body);
      notify(pkg ? 'packages.toast.updated' : 'packages.toast.created', { type: 'success' });
      onSaved(json);
    } catch (error) {
      const errors = toFormErrors(fieldErrors(error), fields);
      form.setErrors(errors);
      const message = errorMessage(error, translate(pkg ? 'packages.errors.update' : 'packages.errors.create'));
      if (!Object.keys(errors).length) form.setAlert(message);
      notify(message, { type: 'error' });
    } finally {
      form.setSubmitting(false);
    }
  };

  return (
    <FormDialog
      open={open}
      title={translate(pkg ? 'packages.edit_title' : 'packages.create_title')}
      fields={fields}
      values={form.values}
      errors={form.errors}
      alert={form.alert}
      submitting={form.submitting}
      submitLabel={pkg ? 'packages.save' : 'packages.create'}
      onChange={form.onChange}
      onSubmit={submit}
      onClose={onClose}
    />
  );
};
