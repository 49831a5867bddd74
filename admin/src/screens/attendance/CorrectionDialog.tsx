import './messages.en';
import { useFormat } from '../../schema/format';
import { useTranslate } from 'react-admin';
import { attendanceRecords } from '../../resources/attendance';
import { SchemaFormDialog } from '../../schema/SchemaResource';
import type { AttendanceRecord } from './api';

/** An admin corrects a record (or, with `record` null, adds a missing day); the server audits it. Times are on the company's clock. */
export const CorrectionDialog = ({
  open,
  record,
  onClose,
  onSaved,
}: {
  open: boolean;
  record: AttendanceRecord | null;
  onClose: () => void;
  onSaved: () => void;
}) => {
  const translate = useTranslate();
  const format = useFormat();
  if (!open) return null;
  const title = record
    ? `${translate('attendance.correction.title')} · ${record.employee_name}, ${format.date(record.attendance_date)}`
    : translate('attendance.correction.add_title');
  return <SchemaFormDialog config={attendanceRecords} record={record} title={title} onClose={onClose} onSaved={onSaved} />;
};
