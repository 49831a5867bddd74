import { useEffect, useState } from 'react';
import { Typography } from '@mui/material';
import { required, SelectInput, TextArrayInput, type RaRecord } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { addMessages } from '../../providers/i18nProvider';
import type { ResourceConfig } from '../../schema/config';
import type { FieldDescriptor } from '../../schema/derive';
import { useFormat } from '../../schema/format';
import { SchemaInput } from '../../schema/inputs';
import { useLabels } from '../../schema/labels';
import { validatorsOf } from '../../schema/validation';
import type { ReportInfo } from './report';
import { splitRecipients, useRecipientChoices, type Subscription } from './subscriptions';

export const SUBSCRIPTIONS = 'reports/subscriptions';

/** The filters of a report a subscription may narrow it by; what the chosen report does not take is not offered. */
const SCOPES = ['department_id', 'position_id', 'location_id'] as const;

const useChosenReport = (reports: ReportInfo[]) => {
  const id = useWatch({ name: 'report_id' }) as string | undefined;
  return reports.find((r) => r.id === id);
};

/** The report's title, and why its last run sent nothing. */
const ReportCell = ({ record }: { record: RaRecord }) => {
  const labels = useLabels(SUBSCRIPTIONS);
  const s = record as Subscription;
  return (
    <>
      <Typography component="span" variant="body2" sx={{ fontWeight: 600 }}>
        {s.report_title}
      </Typography>
      {s.last_error && (
        <Typography variant="caption" color="error" component="div">
          {labels.text('last_error', { error: s.last_error })}
        </Typography>
      )}
    </>
  );
};

/** A setting in words (Weekly, CSV), not a status chip. */
const ChoiceCell = ({ record, field }: { record: RaRecord; field: FieldDescriptor }) => {
  const labels = useLabels(SUBSCRIPTIONS);
  return (
    <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap' }}>
      {labels.choice(field.source, record[field.source])}
    </Typography>
  );
};

/** A paused subscription is not sent, so it has no next run. */
const NextRunCell = ({ record }: { record: RaRecord }) => {
  const format = useFormat();
  const s = record as Subscription;
  return (
    <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap' }}>
      {s.is_active && s.next_run_at ? format.dateTime(s.next_run_at) : '—'}
    </Typography>
  );
};

/** The grouping as the report names it ("Leave type"), not its code. */
const groupByCell = (reports: ReportInfo[]) =>
  function GroupByCell({ record }: { record: RaRecord }) {
    const s = record as Subscription;
    const option = reports.find((r) => r.id === s.report_id)?.group_by_options.find((o) => o.id === s.group_by);
    return (
      <Typography component="span" variant="body2">
        {option?.name ?? s.group_by ?? '—'}
      </Typography>
    );
  };

/** What is typed, once the typing pauses (one search per pause, not per key). */
const useSettled = (value: string, ms = 250) => {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
};

/**
 * Addresses typed or picked among the company's users, searched on the server as one types (a
 * name, a code or part of an address); pasted lists split at commas, semicolons and spaces.
 */
const RecipientsInput = ({ field }: { field: FieldDescriptor }) => {
  const labels = useLabels(SUBSCRIPTIONS);
  const [typed, setTyped] = useState('');
  const search = useSettled(typed);
  const { data: people, isFetching } = useRecipientChoices(search);
  const names = new Map((people ?? []).map((p) => [p.email, p.name]));
  return (
    <TextArrayInput
      source={field.source}
      label={labels.field(field.source)}
      helperText={labels.help(field.source)}
      validate={validatorsOf(field, labels.translate)}
      options={(people ?? []).map((p) => p.email)}
      // the server already matched the text (by name too): every answer is offered
      filterOptions={(options) => options}
      getOptionLabel={(option) => option}
      renderOption={({ key, ...props }, option) => (
        <li key={key} {...props}>
          <span>
            {names.get(option) && <Typography component="span" variant="body2" sx={{ fontWeight: 600, mr: 1 }}>{names.get(option)}</Typography>}
            <Typography component="span" variant="body2" color="text.secondary">{option}</Typography>
          </span>
        </li>
      )}
      loading={isFetching}
      onInputChange={(_event, value, reason) => {
        if (reason !== 'reset') setTyped(value);
      }}
      parse={(value: string[] | null) => splitRecipients((value ?? []).join(' '))}
      fullWidth
      data-testid="recipients-input"
    />
  );
};

const NO_GROUPINGS: ReportInfo['group_by_options'] = [];

/** The groupings of the chosen report; a report without any has no such field. */
const GroupByInput = ({ reports }: { reports: ReportInfo[] }) => {
  const labels = useLabels(SUBSCRIPTIONS);
  const report = useChosenReport(reports);
  const { setValue, getValues } = useFormContext();
  const options = report?.group_by_options ?? NO_GROUPINGS;
  useEffect(() => {
    // another report keeps no grouping of the one before: its first grouping is chosen
    if (options.length && !options.some((o) => o.id === getValues('group_by'))) setValue('group_by', options[0].id);
  }, [options, getValues, setValue]);
  if (!options.length) return null;
  return <SelectInput source="group_by" label={labels.field('group_by')} choices={options} validate={required()} helperText={false} fullWidth />;
};

const ScopeInput = ({ reports, field }: { reports: ReportInfo[]; field: FieldDescriptor }) => {
  const report = useChosenReport(reports);
  return report?.filters.includes(field.source as (typeof SCOPES)[number]) ? <SchemaInput resource={SUBSCRIPTIONS} field={field} /> : null;
};

/**
 * The company's scheduled reports (`/api/reports/subscriptions`) on the schema layer: the fields
 * are the document's; the catalogue of the reports this user may see supplies the report choices
 * and their titles, and each report's own groupings and filters.
 */
export function subscriptionsConfig(reports: ReportInfo[], email: string | undefined): ResourceConfig {
  addMessages({ resources: { [SUBSCRIPTIONS]: { enums: { report_id: Object.fromEntries(reports.map((r) => [r.id, r.title])) } } } });
  const ids = reports.map((r) => r.id);
  return {
    name: SUBSCRIPTIONS,
    list: {
      include: ['report_title', 'frequency', 'format', 'recipients', 'next_run_at', 'is_active'],
      primary: 'report_title',
      secondary: ['frequency', 'format', 'recipients'],
      status: 'is_active',
      filterChoices: { report_id: ids },
    },
    form: {
      include: ['report_id', 'frequency', 'format', 'recipients', 'group_by', ...SCOPES, 'is_active'],
      wide: ['report_id', 'recipients', 'group_by'],
      defaults: {
        report_id: ids[0],
        group_by: reports[0]?.group_by_options[0]?.id ?? null,
        frequency: 'monthly',
        format: 'pdf',
        recipients: email ? [email] : [],
      },
    },
    // the report is named by its title (report_title); its code is the form's
    show: { exclude: ['report_id'] },
    cells: {
      report_title: ReportCell,
      frequency: ChoiceCell,
      format: ChoiceCell,
      next_run_at: NextRunCell,
      group_by: groupByCell(reports),
    },
    inputs: {
      report_id: (field) => <SchemaInput resource={SUBSCRIPTIONS} field={{ ...field, choices: ids }} />,
      recipients: (field) => <RecipientsInput field={field} />,
      group_by: () => <GroupByInput reports={reports} />,
      ...Object.fromEntries(SCOPES.map((key) => [key, (field: FieldDescriptor) => <ScopeInput reports={reports} field={field} />])),
    },
    // what the chosen report does not take is cleared, so a changed report keeps no filter of the one before
    transform: (values) => {
      const report = reports.find((r) => r.id === values.report_id);
      const options = report?.group_by_options ?? [];
      const body: Record<string, unknown> = {
        report_id: values.report_id,
        frequency: values.frequency,
        format: values.format,
        recipients: values.recipients ?? [],
        is_active: values.is_active ?? true,
        group_by: options.length ? (options.some((o) => o.id === values.group_by) ? values.group_by : options[0].id) : null,
      };
      for (const key of SCOPES) body[key] = report?.filters.includes(key) && values[key] ? Number(values[key]) : null;
      return body;
    },
  };
}
