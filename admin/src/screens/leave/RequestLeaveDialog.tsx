import './messages.en';
import { useEffect, useState } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import { SelectInput, useNotify, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { errorMessage, fieldErrors } from '../../providers/httpClient';
import { submitOrQueue } from '../../pwa/offlineQueue';
import { leaveRequests } from '../../resources/leave-requests';
import { bodyFrom } from '../../schema/body';
import type { ResourceConfig } from '../../schema/config';
import type { FieldDescriptor } from '../../schema/derive';
import { formatDays, useFormat } from '../../schema/format';
import { SchemaInput } from '../../schema/inputs';
import { resourceSchema, useLabels } from '../../schema/schema';
import { SchemaForm, type SubmitResult } from '../../schema/SchemaForm';
import { FormDialog } from '../../schema/SchemaResource';
import { validatorsOf } from '../../schema/validation';
import { leaveApi, weekdays, type CreateLeaveRequest, type LeaveBalance, type LeaveType, type WorkingDays } from './api';
import { LEAVE_REQUESTS_PATH } from './QueuedRequests';

/** the form's fields: the server's errors on them are shown next to them */
const FIELDS: readonly string[] = leaveRequests.form?.include ?? [];

const typeOf = (types: LeaveType[], id: unknown) => types.find((t) => t.id === Number(id));

/** The leave type: the active types already on the screen (known offline too), and what is left of the chosen one. */
const LeaveTypeInput = ({ field, types }: { field: FieldDescriptor; types: LeaveType[] }) => {
  const labels = useLabels(leaveRequests.name);
  const [typeId, start] = useWatch({ name: ['leave_type_id', 'start_date'] }) as [unknown, string | null | undefined];
  const type = typeOf(types, typeId);
  const [balance, setBalance] = useState<LeaveBalance | null | undefined>(undefined);

  useEffect(() => {
    setBalance(undefined);
    if (!type) return;
    const year = Number((start || new Date().toISOString()).slice(0, 4));
    let live = true;
    leaveApi
      .balances({ mine: true, year, leave_type_id: type.id })
      .then((rows) => live && setBalance(rows[0] ?? null))
      // unknown (offline, nothing saved for this type): no line rather than a wrong 'no limit'
      .catch(() => live && setBalance(undefined));
    return () => {
      live = false;
    };
  }, [type, start]);

  return (
    <SelectInput
      source={field.source}
      label={labels.field(field.source)}
      choices={types.filter((t) => t.is_active).map((t) => ({ id: t.id, name: t.type_name }))}
      validate={validatorsOf(field, labels.translate)}
      // what is left of the chosen type, where the server tells (a refusal takes its place)
      helperText={
        type && balance !== undefined ? (
          <span data-testid="request-remaining">
            {balance?.limited
              ? labels.translate('leave.form.remaining', { days: formatDays(balance.remaining) })
              : labels.translate('leave.form.unlimited')}
          </span>
        ) : (
          false
        )
      }
      fullWidth
    />
  );
};

/** Total days: the working days of the range become the default, shown above it with the holidays left out. */
const TotalDaysInput = ({ field }: { field: FieldDescriptor }) => {
  const translate = useTranslate();
  const format = useFormat();
  const { setValue } = useFormContext();
  const [start, end] = useWatch({ name: ['start_date', 'end_date'] }) as [string | null | undefined, string | null | undefined];
  const [working, setWorking] = useState<WorkingDays | null>(null);

  useEffect(() => {
    setWorking(null);
    if (!start || !end || end < start) return;
    let live = true;
    const total = (count: number) => setValue(field.source, count || 0.5, { shouldDirty: true });
    leaveApi
      .workingDays(start, end)
      .then((w) => {
        if (!live) return;
        setWorking(w);
        total(w.working_days);
      })
      // offline: Monday to Friday, the company's holidays unknown (the server checks the total)
      .catch(() => live && total(weekdays(start, end)));
    return () => {
      live = false;
    };
  }, [start, end, field.source, setValue]);

  return (
    <>
      {working && (
        <Typography variant="body2" color="text.secondary" data-testid="working-days" sx={{ mb: 1.5, mx: 1.75 }}>
          {translate('leave.form.working_days', { count: working.working_days })}
          {working.holidays.length > 0 &&
            ` · ${translate('leave.form.holidays', { dates: working.holidays.map((day) => format.date(day)).join(', ') })}`}
        </Typography>
      )}
      <SchemaInput resource={leaveRequests.name} field={field} />
    </>
  );
};

/** The attachment, where the chosen type requires one: the file is uploaded when the request is submitted. */
const AttachmentInput = ({
  field,
  types,
  file,
  error,
  onFile,
}: {
  field: FieldDescriptor;
  types: LeaveType[];
  file: File | null;
  error: string | null;
  onFile: (file: File | null) => void;
}) => {
  const labels = useLabels(leaveRequests.name);
  const type = typeOf(types, useWatch({ name: 'leave_type_id' }));
  if (!type?.attachment_required) return null;
  return (
    <Stack spacing={0.5} sx={{ mb: 2 }}>
      <Typography variant="body2">{labels.field(field.source)}</Typography>
      <Button variant="outlined" component="label" sx={{ alignSelf: 'flex-start' }}>
        {file ? file.name : labels.translate('leave.form.choose_file')}
        <input hidden type="file" accept="application/pdf,image/png,image/jpeg" onChange={(e) => onFile(e.target.files?.[0] ?? null)} />
      </Button>
      {error && (
        <Typography variant="caption" color="error">
          {error}
        </Typography>
      )}
    </Stack>
  );
};

/**
 * The Request Leave modal: the form generated from the create body of POST /hr/leave-requests,
 * with the server's rules and words, plus the remaining balance of the chosen type, the working
 * days of the range, and the attachment where the type requires one. Offline, the request is
 * kept and sent when the connection returns.
 */
export const RequestLeaveDialog = ({ types, onClose, onSubmitted }: { types: LeaveType[]; onClose: () => void; onSubmitted: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const resource = resourceSchema(leaveRequests.name);

  const config: ResourceConfig = {
    ...leaveRequests,
    inputs: {
      leave_type_id: (field) => <LeaveTypeInput field={field} types={types} />,
      total_days: (field) => <TotalDaysInput field={field} />,
      attachment_id: (field) => <AttachmentInput field={field} types={types} file={file} error={fileError} onFile={setFile} />,
    },
  };

  const submit = async (values: Record<string, unknown>): Promise<SubmitResult> => {
    setFileError(null);
    try {
      const attachment = file && typeOf(types, values.leave_type_id)?.attachment_required ? await leaveApi.upload(file) : null;
      const body = {
        ...(bodyFrom(values, resource.create, 'create') as CreateLeaveRequest),
        ...(attachment ? { attachment_id: attachment.id } : {}),
      } satisfies CreateLeaveRequest;
      const result = await submitOrQueue(LEAVE_REQUESTS_PATH, body, { label: 'Leave request' });
      notify(result.status === 'queued' ? 'leave.messages.queued' : 'leave.messages.submitted', {
        type: result.status === 'queued' ? 'info' : 'success',
      });
      onSubmitted();
      return undefined;
    } catch (error) {
      notify(errorMessage(error, translate('leave.messages.submit_failed')), { type: 'error' });
      const errors = fieldErrors(error);
      const onFile = errors.find((e) => e.field === 'attachment_id' || e.field === 'file');
      if (onFile) setFileError(onFile.message);
      const placed = errors.filter((e) => e.field !== 'attachment_id' && FIELDS.includes(e.field));
      return placed.length ? Object.fromEntries(placed.map((e) => [e.field, e.message])) : undefined;
    }
  };

  return (
    <FormDialog title={translate('leave.form.title')} onClose={onClose}>
      <Box data-testid="request-leave-form">
        <SchemaForm config={config} resource={resource} mode="create" onSubmit={submit} onCancel={onClose} />
      </Box>
    </FormDialog>
  );
};
