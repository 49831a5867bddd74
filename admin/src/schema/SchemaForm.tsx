import { Box, Button, Typography } from '@mui/material';
import { SaveButton, SimpleForm, Toolbar, useTranslate } from 'react-admin';
import type { FieldDescriptor } from './derive';
import type { ReactNode } from 'react';
import type { ResourceConfig } from './config';
import { formFields } from './derive';
import { SchemaInput } from './inputs';
import type { ResourceSchema } from './compact';

export type SubmitResult = Record<string, string> | undefined;

interface Props {
  config: ResourceConfig;
  resource: ResourceSchema;
  mode: 'create' | 'edit';
  onSubmit: (values: Record<string, unknown>) => Promise<SubmitResult>;
  onCancel: () => void;
  /** more buttons in the toolbar (e.g. Delete in the edit dialog) */
  extraActions?: ReactNode;
}

/** Defaults of a new record: the document's, then the resource's own. */
export const defaultsOf = (config: ResourceConfig, resource: ResourceSchema): Record<string, unknown> => ({
  ...Object.fromEntries(formFields(resource.create).filter((f) => f.defaultValue !== undefined).map((f) => [f.source, f.defaultValue])),
  ...config.form?.defaults,
});

/** Fields in the order given (the record's, where the resource names none), the others after them. */
const ordered = <T extends { source: string }>(fields: T[], order: readonly string[]): T[] => {
  const rank = (source: string) => (order.includes(source) ? order.indexOf(source) : order.length);
  return [...fields].sort((a, b) => rank(a.source) - rank(b.source));
};

/** The create or edit form of a resource: its body's fields, each with the server's rules. */
export function SchemaForm({ config, resource, mode, onSubmit, onCancel, extraActions }: Props) {
  const translate = useTranslate();
  const body = mode === 'create' ? resource.create : resource.update;
  const locked = mode === 'edit' ? (config.form?.locked ?? []) : [];
  // a locked field is not in the update body; it is shown from the create body, read-only
  const fields = ordered(
    [...formFields(body, config.form), ...formFields(resource.create, { include: locked.filter((name) => !body?.properties[name]) })],
    config.form?.order ?? config.form?.include ?? Object.keys(resource.record?.properties ?? {}),
  );
  const wide = new Set(config.form?.wide ?? []);
  const sections = config.form?.sections
    ?.map((section) => ({ title: section.title, fields: section.fields.flatMap((name) => fields.filter((f) => f.source === name)) }))
    .filter((section) => section.fields.length);
  const grid = (shown: FieldDescriptor[]) => (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, width: '100%' }}>
      {shown.map((field) => (
        <Box
          key={field.source}
          sx={{ gridColumn: wide.has(field.source) || field.kind === 'multiline' || field.kind === 'objects' ? '1 / -1' : undefined, minWidth: 0 }}
        >
          {config.inputs?.[field.source]?.(field, mode) ?? (
            <SchemaInput resource={config.name} field={field} disabled={locked.includes(field.source)} />
          )}
        </Box>
      ))}
    </Box>
  );
  return (
    <SimpleForm
      // the server's rules are checked by the form, in the server's words, not by the browser's own bubbles
      noValidate
      onSubmit={onSubmit}
      defaultValues={mode === 'create' ? defaultsOf(config, resource) : undefined}
      toolbar={
        <Toolbar sx={{ justifyContent: 'flex-end', gap: 1, flexWrap: 'wrap' }}>
          {extraActions}
          <Box sx={{ flexGrow: 1 }} />
          <Button onClick={onCancel}>{translate('ra.action.cancel')}</Button>
          <SaveButton alwaysEnable label={translate(`resources.${config.name}.save`, { _: translate('ra.action.save') })} />
        </Toolbar>
      }
    >
      {sections ? (
        <>
          {sections.map((section) => (
            <Box component="section" key={section.title} sx={{ width: '100%', mb: 1 }}>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
                {translate(`resources.${config.name}.sections.${section.title}`, { _: section.title })}
              </Typography>
              {grid(section.fields)}
            </Box>
          ))}
          {/* a field the document has and no section names (a new property) is still offered */}
          {grid(fields.filter((field) => !sections.some((section) => section.fields.includes(field))))}
        </>
      ) : (
        grid(fields)
      )}
    </SimpleForm>
  );
}
