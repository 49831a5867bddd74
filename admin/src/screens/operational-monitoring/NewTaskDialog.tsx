import './messages.en';
import { useState } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, useMediaQuery, type Theme } from '@mui/material';
import { AutocompleteArrayInput, Form, ReferenceArrayInput, SaveButton, useNotify, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { components } from '../../../../openapi/schema';
import { apiData, client } from '../../providers/apiClient';
import { errorMessage, fieldErrors } from '../../providers/httpClient';
import { tasks } from '../../resources/monitoring';
import { formFields } from '../../schema/derive';
import { SchemaInput } from '../../schema/inputs';
import { representation, searchFilter } from '../../schema/representation';
import { resourceSchema, useLabels } from '../../schema/schema';

type NewTasks = components['schemas']['BulkCreateTasksDto'];

/** The fields every created task shares, with the server's rules of a task. */
const SHARED = ['title', 'description', 'category', 'priority', 'due_date', 'estimated_hours', 'position_id'];
const WIDE = new Set(['title', 'description']);

const EmployeesInput = () => {
  const labels = useLabels(tasks.name);
  const translate = useTranslate();
  const [departments, position] = useWatch({ name: ['department_ids', 'position_id'] }) as [number[] | undefined, number | null | undefined];
  if (!departments?.length && !position) return null;
  // the server keeps only employees of the selection; a single department narrows the search here too
  const filter = {
    employment_status: 'active',
    ...(departments?.length === 1 ? { department_id: departments[0] } : {}),
    ...(position ? { position_id: position } : {}),
  };
  return (
    <ReferenceArrayInput source="employee_ids" reference="hr/employees" filter={filter}>
      <AutocompleteArrayInput
        label={labels.field('employee_ids')}
        helperText={translate('monitoring.form.matching_hint')}
        optionText={representation('hr/employees')}
        filterToQuery={searchFilter('hr/employees')}
        fullWidth
      />
    </ReferenceArrayInput>
  );
};

/**
 * New Task (hr.md 2, 5, 7): one task per employee of the chosen departments and/or position,
 * created by one bulk request; the answer says which employees could not get one.
 */
export const NewTaskDialog = ({ onClose, onCreated }: { onClose: () => void; onCreated: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const labels = useLabels(tasks.name);
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [problem, setProblem] = useState<string | null>(null);
  const fields = formFields(resourceSchema(tasks.name).create, { include: SHARED }).map((field) =>
    field.source === 'title' ? { ...field, messages: { required: translate('monitoring.messages.title_required'), ...field.messages } } : field,
  );
  const departmentOrPosition = (value: unknown, values: Record<string, unknown>) =>
    (Array.isArray(value) && value.length) || values.position_id ? undefined : translate('monitoring.messages.department_or_position');

  const submit = async (values: Record<string, unknown>) => {
    setProblem(null);
    const text = (name: string) => (typeof values[name] === 'string' ? (values[name] as string).trim() : '');
    const employees = (values.employee_ids as number[] | undefined) ?? [];
    const body: NewTasks = {
      title: text('title'),
      description: text('description') || null,
      category: (values.category as NewTasks['category']) || undefined,
      priority: (values.priority as NewTasks['priority']) || undefined,
      due_date: text('due_date') || null,
      estimated_hours: values.estimated_hours === '' || values.estimated_hours == null ? null : Number(values.estimated_hours),
      department_ids: (values.department_ids as number[] | undefined) ?? [],
      position_id: (values.position_id as number | null | undefined) ?? null,
      ...(employees.length ? { employee_ids: employees } : {}),
    };
    try {
      const result = await apiData<components['schemas']['BulkCreateResultDto']>(client.POST('/api/monitoring/tasks/bulk', { body }));
      if (!result.created) {
        notify('monitoring.messages.create_failed', { type: 'error' });
        return undefined;
      }
      if (result.failed.length) {
        notify('monitoring.messages.partial_failure', { type: 'warning', messageArgs: { failed: result.failed.length, total: result.total } });
      } else {
        notify('monitoring.messages.created', { type: 'success', messageArgs: { smart_count: result.created } });
      }
      onCreated();
      return undefined;
    } catch (error) {
      const byField = fieldErrors(error);
      const shown = new Set([...SHARED, 'department_ids', 'employee_ids']);
      const placed = byField.filter((f) => shown.has(f.field));
      if (placed.length < byField.length || !byField.length) {
        const message = byField.find((f) => !shown.has(f.field))?.message ?? errorMessage(error, translate('monitoring.messages.create_failed'));
        setProblem(message);
        notify(message, { type: 'error' });
      }
      return placed.length ? Object.fromEntries(placed.map((f) => [f.field, f.message])) : undefined;
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={phone} scroll="paper" aria-labelledby="new-task-title">
      <DialogTitle id="new-task-title">{translate('monitoring.new_task')}</DialogTitle>
      <Form onSubmit={submit} defaultValues={{ category: 'general', priority: 'medium', department_ids: [], employee_ids: [] }} noValidate>
        <DialogContent dividers>
          {problem && (
            <Alert severity="error" sx={{ mb: 2 }} role="alert">
              {problem}
            </Alert>
          )}
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, width: '100%' }}>
            {fields.map((field) => (
              <Box key={field.source} sx={{ gridColumn: WIDE.has(field.source) ? '1 / -1' : undefined, minWidth: 0 }}>
                <SchemaInput resource={tasks.name} field={field} />
              </Box>
            ))}
            <Box sx={{ gridColumn: '1 / -1', minWidth: 0 }}>
              <ReferenceArrayInput source="department_ids" reference="hr/departments">
                <AutocompleteArrayInput
                  label={labels.field('department_ids')}
                  validate={departmentOrPosition}
                  optionText={representation('hr/departments')}
                  filterToQuery={searchFilter('hr/departments')}
                  fullWidth
                />
              </ReferenceArrayInput>
            </Box>
            <Box sx={{ gridColumn: '1 / -1', minWidth: 0 }}>
              <EmployeesInput />
            </Box>
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('monitoring.form.cancel')}</Button>
          <SaveButton alwaysEnable icon={<></>} label="monitoring.form.create" />
        </DialogActions>
      </Form>
    </Dialog>
  );
};
