import { useEffect, useMemo } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { FormDialog, text, toFormErrors, useFormState, type FieldSpec, type FormValues } from '../../layout/FieldsFormDialog';
import { errorMessage, fieldErrors } from '../../providers/httpClient';
import { attendanceApi, STATUSES, type AttendanceRecord } from './api';

/** ISO → the value of a datetime-local input (this device's clock), and back. */
const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : null);

const initial = (record: AttendanceRecord | null): FormValues => ({
  employee_id: record ? String(record.employee_id) : '',
  attendance_date: record?.attendance_date ?? '',
  status: record?.status ?? 'present',
  check_in_time: toLocalInput(record?.check_in_time ?? null),
  check_out_time: toLocalInput(record?.check_out_time ?? null),
  check_in_location: record?.check_in_location ?? '',
  check_out_location: record?.check_out_location ?? '',
  notes: record?.notes ?? '',
});

/** An admin corrects a record (or, with `record` null, adds a missing day); the server audits it. */
export const CorrectionDialog = ({
  open,
  record,
  employees,
  onClose,
  onSaved,
}: {
  open: boolean;
  record: AttendanceRecord | null;
  employees: Array<{ id: number; first_name: string; last_name: string; employee_code: string }>;
  onClose: () => void;
  onSaved: () => void;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const form = useFormState(() => initial(record));
  const { reset } = form;
  useEffect(() => {
    if (open) reset(initial(record));
  }, [open, record, reset]);

  const fields = useMemo<FieldSpec[]>(() => {
    const status = { name: 'status', label: 'attendance.correction.status', type: 'select' as const, required: true, options: STATUSES.map((s) => ({ value: s, label: translate(`attendance.status.${s}`) })) };
    const rest: FieldSpec[] = [
      { name: 'check_in_time', label: 'attendance.correction.check_in', type: 'datetime-local' },
      { name: 'check_out_time', label: 'attendance.correction.check_out', type: 'datetime-local' },
      { name: 'check_in_location', label: 'attendance.correction.check_in_location' },
      { name: 'check_out_location', label: 'attendance.correction.check_out_location' },
      { name: 'notes', label: 'attendance.correction.notes', type: 'multiline' },
    ];
    if (record) return [status, ...rest];
    return [
      {
        name: 'employee_id',
        label: 'attendance.correction.employee',
        type: 'select',
        required: true,
        wide: true,
        options: employees.map((e) => ({ value: String(e.id), label: `${e.first_name} ${e.last_name} (${e.employee_code})` })),
      },
      { name: 'attendance_date', label: 'attendance.correction.date', required: true, hint: 'attendance.correction.date_hint' },
      status,
      ...rest,
    ];
  }, [record, employees, translate]);

  const submit = async () => {
    const v = form.values;
    const body: Record<string, unknown> = {
      status: text(v, 'status'),
      check_in_time: fromLocalInput(text(v, 'check_in_time')),
      check_out_time: fromLocalInput(text(v, 'check_out_time')),
      check_in_location: text(v, 'check_in_location') || null,
      check_out_location: text(v, 'check_out_location') || null,
      notes: text(v, 'notes') || null,
    };
    form.setSubmitting(true);
    try {
      if (record) await attendanceApi.update(record.id, body);
      else await attendanceApi.create({ ...body, employee_id: Number(text(v, 'employee_id')) || undefined, attendance_date: text(v, 'attendance_date') });
      notify(record ? 'attendance.correction.saved' : 'attendance.correction.created', { type: 'success' });
      onSaved();
    } catch (e) {
      const errors = toFormErrors(fieldErrors(e), fields);
      form.setErrors(errors);
      form.setAlert(Object.keys(errors).length ? null : errorMessage(e, translate('attendance.correction.failed')));
      form.setSubmitting(false);
    }
  };

  return (
    <FormDialog
      open={open}
      title={translate(record ? 'attendance.correction.title' : 'attendance.correction.add_title') + (record ? ` · ${record.employee_name}, ${record.attendance_date}` : '')}
      fields={fields}
      values={form.values}
      errors={form.errors}
      alert={form.alert}
      submitting={form.submitting}
      submitLabel="attendance.correction.save"
      onChange={form.onChange}
      onSubmit={() => void submit()}
      onClose={onClose}
    />
  );
};
