import './messages.en';
import { useState } from 'react';
import { Box, Button, LinearProgress, Typography } from '@mui/material';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import { DateInput, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import { tasks } from '../../resources/monitoring';
import type { ResourceConfig } from '../../schema/config';
import type { FieldDescriptor } from '../../schema/derive';
import { SchemaField } from '../../schema/fields';
import { useFormat } from '../../schema/format';
import { useLabels } from '../../schema/schema';
import { SchemaResource } from '../../schema/SchemaResource';
import { validatorsOf } from '../../schema/validation';
import { NewTaskDialog } from './NewTaskDialog';
import { TaskDetailDialog } from './TaskDetailDialog';

const Title = ({ record }: { record: RaRecord }) => (
  <Typography component="span" variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
    {record.title}
  </Typography>
);

const Status = ({ field }: { field: FieldDescriptor }) => (
  <Box component="span" data-testid="task-status">
    <SchemaField resource={tasks.name} field={field} />
  </Box>
);

/** The due day in the company's time zone (the server keeps the end of that day as a moment). */
export const DueDate = ({ record }: { record: RaRecord }) => {
  const format = useFormat();
  return (
    <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap', color: record.is_overdue ? 'error.main' : undefined }}>
      {record.due_date ? format.date(format.dayOf(record.due_date)) : '—'}
    </Typography>
  );
};

const Progress = ({ record }: { record: RaRecord }) => (
  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 100 }}>
    <LinearProgress
      variant="determinate"
      value={record.progress_percentage}
      color={record.progress_percentage === 100 ? 'success' : 'primary'}
      sx={{ flex: 1, height: 6, borderRadius: 3 }}
    />
    <Typography variant="caption">{record.progress_percentage}%</Typography>
  </Box>
);

/** A due date edited as the company's day, whatever the browser's zone. */
const DueDateInput = ({ field }: { field: FieldDescriptor }) => {
  const format = useFormat();
  const labels = useLabels(tasks.name);
  return (
    <DateInput
      source={field.source}
      label={labels.field(field.source)}
      helperText={labels.help(field.source) || false}
      validate={validatorsOf(field, labels.translate)}
      format={(value: unknown) => (typeof value === 'string' && value.length > 10 ? format.dayOf(value) : ((value as string | null | undefined) ?? ''))}
      fullWidth
    />
  );
};

const TASKS: ResourceConfig = {
  ...tasks,
  cells: { title: Title, status: Status, due_date: DueDate, progress_percentage: Progress },
  inputs: { due_date: (field) => <DueDateInput field={field} /> },
};

/** The Tasks tab: the generated list, filters and task form, the New Task form for many employees and each task's detail. */
export const TasksTab = () => {
  const translate = useTranslate();
  const refresh = useRefresh();
  const [creating, setCreating] = useState(false);
  const [opened, setOpened] = useState<{ id: number; edit: () => void } | null>(null);

  return (
    <>
      {/* outside the list's toolbar: the list shows no toolbar while there are no tasks */}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
        <Button variant="contained" startIcon={<GroupAddIcon />} onClick={() => setCreating(true)}>
          {translate('monitoring.new_task')}
        </Button>
      </Box>
      <SchemaResource config={TASKS} onOpen={(record, open) => setOpened({ id: Number(record.id), edit: open.edit })} />
      {creating && (
        <NewTaskDialog
          onClose={() => setCreating(false)}
          onCreated={() => {
            setCreating(false);
            refresh();
          }}
        />
      )}
      {opened && (
        <TaskDetailDialog
          taskId={opened.id}
          onClose={() => setOpened(null)}
          onChanged={refresh}
          onEdit={() => {
            setOpened(null);
            opened.edit();
          }}
        />
      )}
    </>
  );
};
