import { useState } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { useGetList, useGetOne, type Identifier, type RaRecord } from 'react-admin';
import { representation, searchFilter } from './representation';

interface Props {
  /** the collection picked from (`hr/departments`) */
  reference: string;
  label: string;
  value: Identifier | undefined;
  onChange: (id: Identifier | undefined) => void;
  size?: 'small' | 'medium';
  minWidth?: number;
}

/**
 * A record picker outside a form (a list filter of a custom screen): what a person types is
 * searched on the server, 25 at a time, so a large company sees all its records.
 */
export function RecordPicker({ reference, label, value, onChange, size = 'small', minWidth = 200 }: Props) {
  const [text, setText] = useState('');
  const name = representation(reference);
  const { data = [], isPending } = useGetList(reference, { filter: searchFilter(reference)(text), pagination: { page: 1, perPage: 25 } });
  const { data: selected } = useGetOne(reference, { id: value! }, { enabled: value !== undefined });
  const options: RaRecord[] = selected && !data.some((r) => r.id === selected.id) ? [selected, ...data] : data;
  return (
    <Autocomplete
      size={size}
      sx={{ minWidth }}
      options={options}
      loading={isPending}
      value={options.find((r) => r.id === value) ?? null}
      getOptionLabel={(record) => name(record)}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(all) => all}
      onInputChange={(_, typed, reason) => reason === 'input' && setText(typed)}
      onChange={(_, record) => {
        setText('');
        onChange(record?.id);
      }}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}
