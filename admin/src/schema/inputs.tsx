import {
  AddItemButton,
  ArrayInput,
  AutocompleteArrayInput,
  AutocompleteInput,
  BooleanInput,
  DateInput,
  NumberInput,
  ReferenceArrayInput,
  RemoveItemButton,
  ReferenceInput,
  SelectArrayInput,
  SelectInput,
  SimpleFormIterator,
  TextArrayInput,
  TextInput,
  type Validator,
} from 'react-admin';
import type { FieldDescriptor } from './derive';
import { representation, searchFilter } from './representation';
import { useLabels } from './schema';
import { validatorsOf } from './validation';
import { fromZonedInput, toZonedInput, useCompanyZone } from './format';

interface Props {
  resource: string;
  field: FieldDescriptor;
  /** the path in the form, for items of an array */
  source?: string;
  disabled?: boolean;
  helperText?: string;
}

const keepText = (value: unknown) => value;

/** The input of one field, chosen by its type and format, with the server's rules checked before sending. */
export function SchemaInput({ resource, field, source = field.source, disabled, helperText }: Props) {
  const labels = useLabels(resource);
  const zone = useCompanyZone();
  const label = labels.field(field.source);
  const validate: Validator[] = validatorsOf(field, labels.translate);
  const help = helperText ?? (labels.help(field.source) || undefined);
  const common = { source, label, validate, disabled, helperText: help ?? false, fullWidth: true } as const;
  const choices = (field.choices ?? []).map((value) => ({ id: value, name: labels.choice(field.source, value) }));

  switch (field.kind) {
    case 'boolean':
      return <BooleanInput source={source} label={label} disabled={disabled} helperText={help ?? false} />;
    case 'enum':
      return <SelectInput {...common} choices={choices} emptyText={field.rules.required ? undefined : labels.text('none')} />;
    case 'integer':
    case 'number':
    case 'money':
      return (
        <NumberInput
          {...common}
          min={field.rules.minimum}
          max={field.rules.maximum}
          step={field.rules.step ?? (field.kind === 'money' ? 0.01 : 'any')}
        />
      );
    case 'date':
      return <DateInput {...common} />;
    case 'datetime':
      // on the company's clock, whatever the device's zone
      return (
        <TextInput
          {...common}
          type="datetime-local"
          format={(value: unknown) => toZonedInput(value as string, zone)}
          parse={(text: string) => fromZonedInput(text, zone)}
          InputLabelProps={{ shrink: true }}
        />
      );
    case 'time':
      return <TextInput {...common} type="time" parse={keepText} InputLabelProps={{ shrink: true }} />;
    case 'reference':
    case 'references': {
      // one id or a list of ids: the same picker searching the server
      const picker = {
        label,
        validate,
        disabled,
        helperText: help ?? false,
        optionText: representation(field.reference!),
        filterToQuery: searchFilter(field.reference!),
        fullWidth: true,
      } as const;
      return field.kind === 'reference' ? (
        <ReferenceInput source={source} reference={field.reference!}>
          <AutocompleteInput {...picker} />
        </ReferenceInput>
      ) : (
        <ReferenceArrayInput source={source} reference={field.reference!}>
          <AutocompleteArrayInput {...picker} />
        </ReferenceArrayInput>
      );
    }
    case 'list':
      return choices.length ? <SelectArrayInput {...common} choices={choices} /> : <TextArrayInput {...common} />;
    case 'objects':
      return (
        <ArrayInput source={source} label={label} validate={validate} helperText={help ?? false}>
          <SimpleFormIterator
            resource={resource}
            inline
            disableReordering
            disableClear
            // "Add tier" rather than "Add" where the catalogue names the item
            addButton={<AddItemButton label={labels.translate(`resources.${resource}.add_item.${field.source}`, { _: labels.translate('ra.action.add') })} />}
            removeButton={<RemoveItemButton label={labels.translate(`resources.${resource}.remove_item.${field.source}`, { _: labels.translate('ra.action.remove') })} />}
          >
            {(field.children ?? []).map((child) => (
              <SchemaInput key={child.source} resource={resource} field={child} />
            ))}
          </SimpleFormIterator>
        </ArrayInput>
      );
    case 'multiline':
      return <TextInput {...common} multiline minRows={2} />;
    case 'password':
      return <TextInput {...common} type="password" autoComplete="new-password" />;
    case 'email':
      return <TextInput {...common} type="email" />;
    case 'uri':
      return <TextInput {...common} type="url" />;
    case 'phone':
      return <TextInput {...common} type="tel" />;
    default:
      return <TextInput {...common} />;
  }
}
