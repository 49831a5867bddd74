import { useEffect, useState, type ReactNode } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  IconButton,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/EditOutlined';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { FormDialog, toFormErrors, useFormState, type FieldSpec, type FormValues } from '../../layout/FieldsFormDialog';
import { LoadError } from '../../layout/LoadError';
import { errorMessage, fieldErrors } from '../../providers/httpClient';
import { rosterApi, type RosterResource } from './api';

export interface Column<T> {
  label: string;
  render: (row: T) => ReactNode;
}

export interface RosterConfig<T extends { id: number }> {
  resource: RosterResource;
  /** i18n prefix: shift_roster.shifts, ... */
  prefix: string;
  columns: Column<T>[];
  fields: FieldSpec[];
  /** the form's values for a row (null: a new one) */
  values: (row: T | null) => FormValues;
  /** the request body from the form's values; a string is an error to show instead of sending */
  body: (values: FormValues) => Record<string, unknown> | string;
  /** the name in the delete confirmation */
  name: (row: T) => string;
  /** extra content of the form dialog */
  formExtra?: (onChange: (name: string, value: string | boolean) => void) => ReactNode;
}

/** One tab of the roster: a list (cards on a phone), add/edit in a dialog, delete after confirmation. */
export function RosterTab<T extends { id: number }>({ config, reloadKey = 0 }: { config: RosterConfig<T>; reloadKey?: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [rows, setRows] = useState<T[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [loading, setLoading] = useState(true);
  const [editing, setEditing] = useState<T | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<T | null>(null);
  const [removing, setRemoving] = useState(false);
  const form = useFormState(() => config.values(null));
  const t = (key: string, args?: Record<string, unknown>) => translate(`${config.prefix}.${key}`, args);

  const load = async () => {
    setLoading(true);
    setFailed(false);
    try {
      setRows(await rosterApi.list<T>(config.resource));
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  };
  useEffect(() => {
    void load();
  }, [config.resource, reloadKey]);

  const open = (row: T | null) => {
    form.reset(config.values(row));
    setEditing(row);
  };

  const save = async () => {
    const body = config.body(form.values);
    if (typeof body === 'string') {
      form.setAlert(body);
      return;
    }
    form.setSubmitting(true);
    try {
      if (editing) await rosterApi.update(config.resource, editing.id, body);
      else await rosterApi.create(config.resource, body);
      notify(t(editing ? 'updated' : 'created'), { type: 'success' });
      setEditing(undefined);
      await load();
    } catch (e) {
      const errors = toFormErrors(fieldErrors(e), config.fields);
      form.setErrors(errors);
      form.setAlert(Object.keys(errors).length ? null : errorMessage(e, t('save_failed')));
      form.setSubmitting(false);
    }
  };

  const remove = async () => {
    if (!deleting) return;
    setRemoving(true);
    try {
      await rosterApi.remove(config.resource, deleting.id);
      notify(t('deleted'), { type: 'success' });
      await load();
    } catch (e) {
      notify(errorMessage(e, t('delete_failed')), { type: 'error' });
    } finally {
      setRemoving(false);
      setDeleting(null);
    }
  };

  const actions = (row: T) => (
    <Box sx={{ whiteSpace: 'nowrap' }}>
      <Tooltip title={translate('shift_roster.edit')}>
        <IconButton size="small" aria-label={`${translate('shift_roster.edit')} ${config.name(row)}`} onClick={() => open(row)}>
          <EditIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={translate('shift_roster.delete')}>
        <IconButton size="small" color="error" aria-label={`${translate('shift_roster.delete')} ${config.name(row)}`} onClick={() => setDeleting(row)}>
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Box>
  );

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => open(null)}>
          {t('add')}
        </Button>
      </Box>
      {loading && <LinearProgress />}
      {failed ? (
        <LoadError onRetry={load}>{translate('shift_roster.load_failed')}</LoadError>
      ) : rows && !rows.length ? (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {t('empty')}
        </Typography>
      ) : rows && narrow ? (
        <Stack spacing={1.5}>
          {rows.map((row) => (
            <Card key={row.id} variant="outlined">
              <CardContent sx={{ '&:last-child': { pb: 2 } }}>
                {config.columns.map((c) => (
                  <Box key={c.label} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
                    <Typography variant="body2" color="text.secondary">
                      {c.label}
                    </Typography>
                    <Typography variant="body2" component="div">
                      {c.render(row)}
                    </Typography>
                  </Box>
                ))}
                <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>{actions(row)}</Box>
              </CardContent>
            </Card>
          ))}
        </Stack>
      ) : (
        rows && (
          <Card variant="outlined">
            <TableContainer>
              <Table size="small">
                <TableHead>
                  <TableRow>
                    {config.columns.map((c) => (
                      <TableCell key={c.label}>{c.label}</TableCell>
                    ))}
                    <TableCell align="right">{translate('shift_roster.actions')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((row) => (
                    <TableRow key={row.id} hover>
                      {config.columns.map((c) => (
                        <TableCell key={c.label}>{c.render(row)}</TableCell>
                      ))}
                      <TableCell align="right">{actions(row)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </Card>
        )
      )}
      <FormDialog
        open={editing !== undefined}
        title={t(editing ? 'edit_title' : 'add_title')}
        fields={config.fields}
        values={form.values}
        errors={form.errors}
        alert={form.alert}
        submitting={form.submitting}
        submitLabel="ra.action.save"
        onChange={form.onChange}
        onSubmit={() => void save()}
        onClose={() => setEditing(undefined)}
      >
        {config.formExtra?.(form.onChange)}
      </FormDialog>
      <Confirm
        isOpen={!!deleting}
        loading={removing}
        title={t('confirm_title')}
        content={t('confirm', { name: deleting ? config.name(deleting) : '' })}
        onConfirm={() => void remove()}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
