import { useEffect, useMemo } from 'react';
import { useGetList, useNotify, useTranslate } from 'react-admin';
import { api, errorMessage, fieldErrors } from '../../providers/httpClient';
import { EMAIL, INDUSTRIES, PHONE, isUrl, type Company } from './api';
import { FormDialog, text, toFormErrors, useFormState, type FieldSpec, type FormErrors, type FormValues } from '../../layout/FieldsFormDialog';

interface CompanyDialogProps {
  open: boolean;
  /** the company to edit; none: add a company */
  company: Company | null;
  onClose: () => void;
  onSaved: (company: Company) => void;
}

/** datetime-local value of an ISO date (local time), and back. */
const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

const initialValues = (company: Company | null): FormValues => ({
  company_name: company?.company_name ?? '',
  company_code: company?.company_code ?? '',
  industry: company?.industry ?? '',
  email: company?.email ?? '',
  phone: company?.phone ?? '',
  website: company?.website ?? '',
  address: company?.address ?? '',
  package_id: company ? String(company.package_id) : '',
  subscription_status: company?.subscription_status ?? 'active',
  trial_ends_at: toLocalInput(company?.trial_ends_at ?? null),
  time_zone: company?.time_zone ?? 'UTC',
});

/** Add or edit a company (spec 2.13, validation of section 5). */
export const CompanyDialog = ({ open, company, onClose, onSaved }: CompanyDialogProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const form = useFormState(() => initialValues(company));
  const { reset } = form;
  const { data: packages = [] } = useGetList('packages/packages', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'sort_order', order: 'ASC' },
  });

  useEffect(() => {
    if (open) reset(initialValues(company));
  }, [open, company, reset]);

  const fields = useMemo<FieldSpec[]>(() => {
    const statuses = (['active', 'suspended', 'cancelled'] as const).map((value) => ({
      value,
      label: translate(`companies.statuses.${value}`),
    }));
    const industries = [
      { value: '', label: '—' },
      ...INDUSTRIES.map((value) => ({ value, label: value })),
      ...(company?.industry && !(INDUSTRIES as readonly string[]).includes(company.industry)
        ? [{ value: company.industry, label: company.industry }]
        : []),
    ];
    return [
      { name: 'company_name', label: 'companies.fields.company_name', required: true },
      { name: 'company_code', label: 'companies.fields.company_code', required: true },
      { name: 'industry', label: 'companies.fields.industry', type: 'select', options: industries },
      { name: 'email', label: 'companies.fields.email', type: 'email', autoComplete: 'off' },
      { name: 'phone', label: 'companies.fields.phone', type: 'tel' },
      { name: 'website', label: 'companies.fields.website', type: 'url' },
      { name: 'address', label: 'companies.fields.address', type: 'multiline' },
      {
        name: 'package_id',
        label: 'companies.fields.package_id',
        type: 'select',
        options: [
          ...(company ? [] : [{ value: '', label: translate('companies.default_package') }]),
          ...packages.map((p: any) => ({ value: String(p.id), label: `${p.package_name} ($${Number(p.monthly_price)}/mo)` })),
        ],
      },
      { name: 'subscription_status', label: 'companies.fields.subscription_status', type: 'select', options: statuses },
      { name: 'trial_ends_at', label: 'companies.fields.trial_ends_at', type: 'datetime-local', hint: 'companies.hints.trial_ends_at' },
      { name: 'time_zone', label: 'companies.fields.time_zone', hint: 'companies.hints.time_zone' },
    ];
  }, [company, packages, translate]);

  const validate = (values: FormValues): FormErrors => {
    const found: FormErrors = {};
    if (!text(values, 'company_name')) found.company_name = translate('companies.validation.company_name');
    if (!text(values, 'company_code')) found.company_code = translate('companies.validation.company_code');
    if (text(values, 'email') && !EMAIL.test(text(values, 'email'))) found.email = translate('companies.validation.email');
    if (text(values, 'phone') && !PHONE.test(text(values, 'phone'))) found.phone = translate('companies.validation.phone');
    if (text(values, 'website') && !isUrl(text(values, 'website'))) found.website = translate('companies.validation.website');
    return found;
  };

  const submit = async () => {
    const found = validate(form.values);
    form.setErrors(found);
    form.setAlert(null);
    if (Object.values(found).some(Boolean)) return;
    const v = form.values;
    const trialEnd = text(v, 'trial_ends_at');
    const body: Record<string, unknown> = {
      company_name: text(v, 'company_name'),
      company_code: text(v, 'company_code'),
      industry: text(v, 'industry') || null,
      email: text(v, 'email') || null,
      phone: text(v, 'phone') || null,
      website: text(v, 'website') || null,
      address: text(v, 'address') || null,
      subscription_status: v.subscription_status,
      trial_ends_at: trialEnd ? new Date(trialEnd).toISOString() : null,
      time_zone: text(v, 'time_zone') || 'UTC',
    };
    if (text(v, 'package_id')) body.package_id = Number(v.package_id);
    form.setSubmitting(true);
    const fallback = translate(company ? 'companies.errors.update' : 'companies.errors.create');
    try {
      const { json } = company
        ? await api.put<Company>(`/auth/companies/${company.id}`, body)
        : await api.post<Company>('/auth/companies', body);
      notify(company ? 'companies.toast.updated' : 'companies.toast.created', { type: 'success' });
      onSaved(json);
    } catch (error) {
      const errors = toFormErrors(fieldErrors(error), fields);
      form.setErrors(errors);
      const message = errorMessage(error, fallback);
      if (!Object.keys(errors).length) form.setAlert(message);
      notify(message, { type: 'error' });
    } finally {
      form.setSubmitting(false);
    }
  };

  return (
    <FormDialog
      open={open}
      title={translate(company ? 'companies.edit_title' : 'companies.create_title')}
      fields={fields}
      values={form.values}
      errors={form.errors}
      alert={form.alert}
      submitting={form.submitting}
      submitLabel={company ? 'companies.save' : 'companies.create'}
      onChange={form.onChange}
      onSubmit={submit}
      onClose={onClose}
    />
  );
};
