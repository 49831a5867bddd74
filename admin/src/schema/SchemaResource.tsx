import { Fragment, useState, type ReactElement, type ReactNode } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  Tooltip,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/EditOutlined';
import InboxIcon from '@mui/icons-material/InboxOutlined';
import {
  AutocompleteInput,
  BulkDeleteButton,
  Confirm,
  Datagrid,
  DateInput,
  FilterButton,
  FunctionField,
  List,
  NullableBooleanInput,
  NumberInput,
  Pagination,
  RecordContextProvider,
  ReferenceInput,
  SearchInput,
  SelectInput,
  SimpleList,
  TextInput,
  TopToolbar,
  useCreate,
  useGetOne,
  useListContext,
  useNotify,
  useRecordContext,
  useRefresh,
  useUpdate,
  type RaRecord,
} from 'react-admin';
import { LoadError } from '../layout/LoadError';
import { api, errorMessage, fieldErrors } from '../providers/httpClient';
import { bodyFrom } from './body';
import type { ResourceConfig } from './config';
import { detailFields, listColumns, listFilters, type FieldDescriptor, type FilterDescriptor } from './derive';
import { SchemaField } from './fields';
import { representation, searchFilter } from './representation';
import { resourceSchema, useLabels, useRights } from './schema';
import { SchemaForm, type SubmitResult } from './SchemaForm';

type Open = { mode: 'create' } | { mode: 'edit'; record: RaRecord } | { mode: 'show'; record: RaRecord } | null;

const useIsPhone = () => useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));

function filterInput(resource: string, filter: FilterDescriptor, labels: ReturnType<typeof useLabels>): ReactElement {
  const label = labels.field(filter.source);
  const choices = (filter.choices ?? []).map((value) => ({ id: value, name: labels.choice(filter.source, value) }));
  switch (filter.kind) {
    case 'search':
      return <SearchInput key={filter.source} source={filter.source} alwaysOn placeholder={labels.text('search')} />;
    case 'boolean':
      return <NullableBooleanInput key={filter.source} source={filter.source} label={label} />;
    case 'enum':
      return <SelectInput key={filter.source} source={filter.source} label={label} choices={choices} />;
    case 'reference':
      return (
        <ReferenceInput key={filter.source} source={filter.source} reference={filter.reference!}>
          <AutocompleteInput label={label} optionText={representation(filter.reference!)} filterToQuery={searchFilter(filter.reference!)} />
        </ReferenceInput>
      );
    case 'date':
      return <DateInput key={filter.source} source={filter.source} label={label} />;
    case 'number':
      return <NumberInput key={filter.source} source={filter.source} label={label} />;
    default:
      return <TextInput key={filter.source} source={filter.source} label={label} resettable />;
  }
  void resource;
}

/** A cell: the resource's own where the spec asks for one, else the generated one. */
const Cell = ({ config, field }: { config: ResourceConfig; field: FieldDescriptor }) => {
  const record = useRecordContext();
  const Custom = config.cells?.[field.source];
  if (Custom && record) return <Custom record={record} field={field} />;
  return <SchemaField resource={config.name} field={field} />;
};

interface PanelProps {
  config: ResourceConfig;
  /** opens a record in the screen's own dialog instead of the generated details; `edit` opens the generated edit form */
  onOpen?: (record: RaRecord, open: { edit: () => void }) => void;
  /** shown above the list, beside the Add button */
  title?: ReactNode;
  /** more buttons beside Add */
  actions?: ReactNode;
  /** Add and Edit lead to the screen's own editor (a page written field by field) instead of the generated dialog */
  onCreate?: () => void;
  onEdit?: (record: RaRecord) => void;
  /** more filter inputs beside the generated ones, for a filter the document names but the layer leaves out (the platform's company_id) */
  filters?: ReactElement[];
}

/**
 * A whole CRUD screen of one collection, generated from the API document: the list (a table on a
 * desktop, cards on a phone) with its filters and sortable columns, add and edit in a dialog with
 * the server's rules, a details view where the API has one, delete after a confirmation, bulk
 * delete, each action offered only to who may do it. Embeddable in a tab of a custom screen.
 */
export function SchemaResource({ config, title, actions, onOpen, onCreate, onEdit, filters: extraFilters = [] }: PanelProps) {
  const resource = resourceSchema(config.name);
  const rights = useRights(resource);
  const labels = useLabels(config.name);
  const phone = useIsPhone();
  const [open, setOpen] = useState<Open>(null);
  const [deleting, setDeleting] = useState<RaRecord | null>(null);
  const columns = listColumns(resource, config.list);
  const filters = listFilters(resource)
    .map((filter) => (config.list?.filterChoices?.[filter.source] ? { ...filter, choices: [...config.list.filterChoices[filter.source]] } : filter))
    .map((filter) => filterInput(config.name, filter, labels))
    .concat(extraFilters);
  const sortable = new Set(resource.list?.sortable ?? []);
  const name = (record: RaRecord) => representation(config.name)(record);
  const close = () => setOpen(null);
  const create = onCreate ?? (() => setOpen({ mode: 'create' }));
  const edit = (record: RaRecord) => (onEdit ? onEdit(record) : setOpen({ mode: 'edit', record }));
  const openRow = (record: RaRecord) => onOpen ? onOpen(record, { edit: () => edit(record) }) : setOpen(rights.show || !rights.edit ? { mode: 'show', record } : { mode: 'edit', record });

  const RowActions = config.rowActions;
  const rowActions = (record: RaRecord) => (
    <Stack direction="row" spacing={0.5} justifyContent="flex-end" alignItems="center" onClick={(e) => e.stopPropagation()}>
      {RowActions && <RowActions record={record} />}
      {rights.edit && (
        <Tooltip title={labels.text('edit')}>
          <IconButton size="small" aria-label={`${labels.text('edit')} ${name(record)}`} onClick={() => edit(record)}>
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {rights.delete && (
        <Tooltip title={labels.text('delete')}>
          <IconButton size="small" color="error" aria-label={`${labels.text('delete')} ${name(record)}`} onClick={() => setDeleting(record)}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Stack>
  );

  const primary = config.list?.primary ?? columns[0]?.source;
  const chosen = config.list?.secondary ?? columns.find((c) => c.source !== primary && c.kind !== 'boolean' && c.kind !== 'enum')?.source;
  const secondary: readonly string[] = chosen === undefined ? [] : ([] as string[]).concat(chosen);
  const status = config.list?.status ?? columns.find((c) => c.kind === 'enum' || c.source === 'is_active')?.source;
  const byName = (source?: string) => columns.find((c) => c.source === source) ?? listColumns(resource, { include: source ? [source] : [] })[0];

  return (
    <Box data-testid={`resource-${config.name}`} sx={{ minWidth: 0 }}>
      {/* the section's heading on its own line at the left, aligned with the list under it (inside
          the toolbar it sat at the right, beside the filters, out of line with the page) */}
      {title && (
        <Box sx={{ minWidth: 0, mb: 1 }} data-testid="resource-title">
          {title}
        </Box>
      )}
      <List
        resource={config.name}
        disableSyncWithLocation
        storeKey={`schema.${config.name}`}
        title={false}
        filters={filters.length ? filters : undefined}
        filter={config.list?.filter}
        filterDefaultValues={config.list?.filterDefaults}
        sort={resource.list?.defaultSort ?? { field: 'id', order: 'ASC' }}
        perPage={config.list?.perPage ?? 25}
        pagination={resource.list?.paged === false ? false : <Pagination rowsPerPageOptions={[10, 25, 50, 100]} />}
        exporter={false}
        queryOptions={{ meta: { whole: resource.list?.paged === false } }}
        empty={<EmptyState labels={labels} canCreate={rights.create} onCreate={create} />}
        error={<ListLoadError labels={labels} />}
        actions={
          <TopToolbar sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, minHeight: 'auto' }}>
            {filters.length > 1 && <FilterButton />}
            {actions}
            {rights.create && (
              <Button variant="contained" startIcon={<AddIcon />} onClick={create}>
                {labels.text('add')}
              </Button>
            )}
          </TopToolbar>
        }
        sx={{ '& .RaList-main': { minWidth: 0 }, '& .RaList-content': { overflowX: 'auto' } }}
      >
        {config.view ? (
          <config.view columns={columns} actions={rowActions} open={openRow} />
        ) : phone ? (
          <SimpleList
            rowClick={(_id, _resource, record) => {
              openRow(record);
              return false;
            }}
            primaryText={(record) => (primary ? <RecordContextProvider value={record}><Cell config={config} field={byName(primary)} /></RecordContextProvider> : name(record))}
            secondaryText={(record) =>
              secondary.length ? (
                <RecordContextProvider value={record}>
                  {secondary.map((source, i) => (
                    <Fragment key={source}>
                      {i > 0 && ' · '}
                      <Cell config={config} field={byName(source)} />
                    </Fragment>
                  ))}
                </RecordContextProvider>
              ) : undefined
            }
            tertiaryText={(record) =>
              status ? (
                <RecordContextProvider value={record}>
                  <Cell config={config} field={byName(status)} />
                </RecordContextProvider>
              ) : undefined
            }
            {...(RowActions ? { rightIcon: (record: RaRecord) => <Box onClick={(e) => e.stopPropagation()}><RowActions record={record} /></Box> } : {})}
          />
        ) : (
          <Datagrid
            rowClick={(_id, _resource, record) => {
              openRow(record);
              return false;
            }}
            bulkActionButtons={rights.delete ? <BulkDeleteButton mutationMode="pessimistic" /> : false}
          >
            {columns.map((field) => (
              <FunctionField
                key={field.source}
                source={field.source}
                label={labels.translate(`resources.${config.name}.columns.${field.source}`, { _: labels.field(field.source) })}
                sortable={sortable.has(field.source)}
                render={() => <Cell config={config} field={field} />}
              />
            ))}
            {(rights.edit || rights.delete || !!RowActions) && <FunctionField label="" textAlign="right" render={rowActions} />}
          </Datagrid>
        )}
      </List>

      {open?.mode === 'create' && (
        <FormDialog title={labels.text('create_title')} onClose={close}>
          <CreateForm config={config} onDone={close} />
        </FormDialog>
      )}
      {open?.mode === 'edit' && (
        <FormDialog title={labels.text('edit_title', { name: name(open.record) })} onClose={close}>
          <EditForm
            config={config}
            row={open.record}
            onDone={close}
            onDelete={rights.delete ? () => setDeleting(open.record) : undefined}
          />
        </FormDialog>
      )}
      {open?.mode === 'show' && (
        <ShowDialog
          config={config}
          row={open.record}
          onClose={close}
          onEdit={rights.edit ? () => edit(open.record) : undefined}
          onDelete={rights.delete ? () => setDeleting(open.record) : undefined}
        />
      )}
      {deleting && (
        <DeleteConfirm
          config={config}
          record={deleting}
          onClose={(deleted) => {
            setDeleting(null);
            if (deleted) close();
          }}
        />
      )}
    </Box>
  );
}

/** A list that could not load says so, with the server's reason, instead of showing an empty list. */
const ListLoadError = ({ labels }: { labels: ReturnType<typeof useLabels> }) => {
  const { error, refetch } = useListContext();
  return (
    <LoadError onRetry={refetch} sx={{ m: 2 }}>
      {errorMessage(error, labels.text('load_failed'))}
    </LoadError>
  );
};

const EmptyState = ({ labels, canCreate, onCreate }: { labels: ReturnType<typeof useLabels>; canCreate: boolean; onCreate: () => void }) => (
  <Card variant="outlined" sx={{ mt: 1, width: '100%' }}>
    <CardContent sx={{ textAlign: 'center', py: 5 }}>
      <InboxIcon sx={{ fontSize: 44, color: 'text.secondary' }} />
      <Typography variant="h6" sx={{ mt: 1 }}>
        {labels.text('empty')}
      </Typography>
      {canCreate && (
        <Button variant="contained" startIcon={<AddIcon />} onClick={onCreate} sx={{ mt: 2 }}>
          {labels.text('create_first', { _: labels.text('add') })}
        </Button>
      )}
    </CardContent>
  </Card>
);

export const FormDialog = ({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) => {
  const phone = useIsPhone();
  const labels = useLabels('');
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={phone} scroll="paper" aria-labelledby="schema-dialog-title">
      {/* the dialog is named by its title alone: the close button is beside it, not in it */}
      <DialogTitle id="schema-dialog-title" sx={{ pr: 6, fontWeight: 700 }}>
        {title}
      </DialogTitle>
      <IconButton aria-label={labels.translate('ra.action.close')} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent dividers sx={{ p: 0 }}>
        {children}
      </DialogContent>
    </Dialog>
  );
};

/** Saves through the data provider; the server's field errors come back next to their fields. */
function useSave(config: ResourceConfig, mode: 'create' | 'edit', row: RaRecord | undefined, onDone: () => void) {
  const resource = resourceSchema(config.name);
  const [create] = useCreate();
  const [update] = useUpdate();
  const notify = useNotify();
  const refresh = useRefresh();
  const labels = useLabels(config.name);
  return async (values: Record<string, unknown>): Promise<SubmitResult> => {
    const data = config.transform ? config.transform(values, mode) : bodyFrom(values, mode === 'create' ? resource.create : resource.update, mode);
    try {
      if (mode === 'create') await create(config.name, { data }, { returnPromise: true });
      else await update(config.name, { id: row!.id, data, previousData: row }, { mutationMode: 'pessimistic', returnPromise: true });
      notify(labels.text(mode === 'create' ? 'created' : 'updated'), { type: 'success' });
      refresh();
      onDone();
      return undefined;
    } catch (error) {
      const errors = fieldErrors(error);
      const known = new Set(Object.keys(values));
      const placed = errors.filter((e) => known.has(e.field.split('.')[0]));
      const failed = labels.translate(`resources.${config.name}.${mode === 'create' ? 'create' : 'update'}_failed`, { _: labels.text('save_failed') });
      if (placed.length < errors.length || !errors.length) notify(errorMessage(error, failed), { type: 'error' });
      return placed.length ? Object.fromEntries(placed.map((e) => [e.field, e.message])) : undefined;
    }
  };
}

export const CreateForm = ({ config, onDone, onCancel = onDone }: { config: ResourceConfig; onDone: () => void; onCancel?: () => void }) => {
  const resource = resourceSchema(config.name);
  const save = useSave(config, 'create', undefined, onDone);
  return <SchemaForm config={config} resource={resource} mode="create" onSubmit={save} onCancel={onCancel} />;
};

/**
 * The generated add or edit dialog of a collection on its own, for custom screens (a record to
 * correct, a missing day to add): the same fields, rules and messages as the resource's screen.
 */
export function SchemaFormDialog({
  config,
  record,
  title,
  onClose,
  onSaved,
}: {
  config: ResourceConfig;
  record?: RaRecord | null;
  /** default: the resource's add or edit title */
  title?: string;
  onClose: () => void;
  onSaved?: () => void;
}) {
  const labels = useLabels(config.name);
  const done = () => {
    onSaved?.();
    onClose();
  };
  const heading = title ?? (record ? labels.text('edit_title', { name: representation(config.name)(record) }) : labels.text('create_title'));
  return (
    <FormDialog title={heading} onClose={onClose}>
      {record ? <EditForm config={config} row={record} onDone={done} onCancel={onClose} /> : <CreateForm config={config} onDone={done} onCancel={onClose} />}
    </FormDialog>
  );
}

/** The record as the API's detail answers it where there is one (a list row may carry less). */
const useFullRecord = (config: ResourceConfig, row: RaRecord) => {
  const resource = resourceSchema(config.name);
  const { data, isPending } = useGetOne(config.name, { id: row.id }, { enabled: !!resource.operations.get });
  return { record: resource.operations.get ? data : row, isPending: !!resource.operations.get && isPending };
};

export const EditForm = ({
  config,
  row,
  onDone,
  onDelete,
  onCancel = onDone,
}: {
  config: ResourceConfig;
  row: RaRecord;
  onDone: () => void;
  onDelete?: () => void;
  onCancel?: () => void;
}) => {
  const resource = resourceSchema(config.name);
  const { record, isPending } = useFullRecord(config, row);
  const save = useSave(config, 'edit', record ?? row, onDone);
  const labels = useLabels(config.name);
  if (isPending || !record) return <Box sx={{ p: 3 }}>{labels.translate('ra.page.loading')}</Box>;
  return (
    <RecordContextProvider value={record}>
      <SchemaForm
        config={config}
        resource={resource}
        mode="edit"
        onSubmit={save}
        onCancel={onCancel}
        extraActions={
          onDelete && (
            <Button color="error" startIcon={<DeleteIcon />} onClick={onDelete}>
              {labels.text('delete')}
            </Button>
          )
        }
      />
    </RecordContextProvider>
  );
};

const ShowDialog = ({
  config,
  row,
  onClose,
  onEdit,
  onDelete,
}: {
  config: ResourceConfig;
  row: RaRecord;
  onClose: () => void;
  onEdit?: () => void;
  onDelete?: () => void;
}) => {
  const resource = resourceSchema(config.name);
  const { record } = useFullRecord(config, row);
  const labels = useLabels(config.name);
  const phone = useIsPhone();
  const fields = detailFields(resource, config.show);
  const shown = record ?? row;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={phone} aria-labelledby="schema-show-title">
      <DialogTitle id="schema-show-title" sx={{ fontWeight: 700 }}>
        {representation(config.name)(shown)}
      </DialogTitle>
      <DialogContent dividers>
        <RecordContextProvider value={shown}>
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 2fr' }, gap: 1, m: 0 }}>
            {fields.map((field) => (
              <Box key={field.source} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {labels.field(field.source)}
                </Typography>
                <Box component="dd" sx={{ m: 0, minWidth: 0 }}>
                  <Cell config={config} field={field} />
                </Box>
              </Box>
            ))}
          </Box>
        </RecordContextProvider>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap' }}>
        {onDelete && (
          <Button color="error" startIcon={<DeleteIcon />} onClick={onDelete}>
            {labels.text('delete')}
          </Button>
        )}
        <Box sx={{ flexGrow: 1 }} />
        <Button onClick={onClose}>{labels.translate('ra.action.close')}</Button>
        {onEdit && (
          <Button variant="contained" startIcon={<EditIcon />} onClick={onEdit}>
            {labels.text('edit')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
};

/** Delete after a confirmation; the toast says the server's outcome. */
const DeleteConfirm = ({ config, record, onClose }: { config: ResourceConfig; record: RaRecord; onClose: (deleted: boolean) => void }) => {
  const labels = useLabels(config.name);
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const name = representation(config.name)(record);
  const confirm = async () => {
    setBusy(true);
    try {
      const { message } = await api.delete(`/${config.name}/${encodeURIComponent(record.id)}`);
      notify(message ?? labels.text('deleted'), { type: 'success' });
      refresh();
      onClose(true);
    } catch (error) {
      notify(errorMessage(error, labels.text('delete_failed')), { type: 'error' });
      onClose(false);
    }
  };
  return (
    <Confirm
      isOpen
      loading={busy}
      title={labels.text('confirm_delete_title', { name })}
      content={labels.text('confirm_delete', { name })}
      confirm={labels.text('delete')}
      confirmColor="warning"
      onConfirm={confirm}
      onClose={() => onClose(false)}
    />
  );
};

/** The delete confirmation of a resource on its own (see SchemaFormDialog). */
export const SchemaDeleteConfirm = DeleteConfirm;
