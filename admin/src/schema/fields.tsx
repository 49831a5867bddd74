import { Typography } from '@mui/material';
import { Chip } from '@mui/material';
import { ReferenceArrayField, ReferenceField, SingleFieldList, useRecordContext, type RaRecord } from 'react-admin';
import type { FieldDescriptor } from './derive';
import { useFormat } from './format';
import { representation } from './representation';
import { useLabels } from './schema';
import { StatusChip } from './StatusChip';

const EMPTY = '—';

/** A word longer than this (an e-mail, a URL, a code) may break anywhere; shorter words never break. */
const LONG_TOKEN = 24;

/**
 * How a cell's text wraps: between words only, so a narrow column never shows "Representati ve";
 * a long token (an address, a link) may still break anywhere, so it cannot widen the table.
 */
export const wrapOf = (content: string) =>
  content.split(/\s+/).some((word) => word.length > LONG_TOKEN)
    ? ({ wordBreak: 'normal', overflowWrap: 'anywhere' } as const)
    : ({ wordBreak: 'normal', overflowWrap: 'normal', hyphens: 'manual' } as const);

/** The name a record carries beside an id (`manager_id` → `manager_name`, `employee_id` → `employee_name`). */
const nameBeside = (record: RaRecord, source: string): string | undefined => {
  const base = source.replace(/_id$/, '');
  const value = record[`${base}_name`] ?? record[`${base}_title`];
  return typeof value === 'string' && value ? value : undefined;
};

/** One value of a record as a person reads it: dates in the company's zone, money with its currency, statuses as chips. */
export function SchemaField({ resource, field }: { resource: string; field: FieldDescriptor }) {
  const record = useRecordContext();
  const format = useFormat();
  const labels = useLabels(resource);
  if (!record) return null;
  const value = record[field.source];
  const text = (content: string) => (
    <Typography component="span" variant="body2" sx={wrapOf(content)}>
      {content}
    </Typography>
  );
  if (value === null || value === undefined || value === '') {
    return field.kind === 'reference' && nameBeside(record, field.source) ? text(nameBeside(record, field.source)!) : text(EMPTY);
  }
  switch (field.kind) {
    case 'boolean':
      return <StatusChip value={value ? 'yes' : 'no'} label={labels.choice(field.source, value ? 'true' : 'false')} />;
    case 'enum':
      return <StatusChip value={String(value)} label={labels.choice(field.source, value)} resource={resource} field={field.source} />;
    case 'date':
      return text(format.date(String(value)));
    case 'datetime':
      return text(format.dateTime(value));
    case 'time':
      return text(format.clock(String(value)));
    case 'money':
      return text(format.money(value));
    case 'reference': {
      const name = nameBeside(record, field.source);
      if (name) return text(name);
      return (
        <ReferenceField source={field.source} reference={field.reference!} link={false}>
          <ReferenceName reference={field.reference!} />
        </ReferenceField>
      );
    }
    case 'references':
      return (
        <ReferenceArrayField source={field.source} reference={field.reference!}>
          <SingleFieldList linkType={false}>
            <ReferenceChip reference={field.reference!} />
          </SingleFieldList>
        </ReferenceArrayField>
      );
    case 'list':
      return text(Array.isArray(value) ? value.map((v) => (field.choices ? labels.choice(field.source, v) : String(v))).join(', ') : String(value));
    case 'objects':
      return text(Array.isArray(value) ? String(value.length) : EMPTY);
    default:
      return text(typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
}

const ReferenceName = ({ reference }: { reference: string }) => {
  const record = useRecordContext();
  return record ? (
    <Typography component="span" variant="body2">
      {representation(reference)(record)}
    </Typography>
  ) : null;
};

const ReferenceChip = ({ reference }: { reference: string }) => {
  const record = useRecordContext();
  return record ? <Chip size="small" label={representation(reference)(record)} sx={{ m: 0.25 }} /> : null;
};
