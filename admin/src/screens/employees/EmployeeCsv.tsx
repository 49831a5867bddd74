import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  LinearProgress,
  List as MuiList,
  ListItem,
  ListItemText,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import UploadIcon from '@mui/icons-material/Upload';
import { HttpError, useListContext, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { components } from '../../../../openapi/schema';
import { apiAnswer, apiData, client } from '../../providers/apiClient';
import { errorMessage } from '../../providers/httpClient';

// the import's 400 names the file's row of each error beside the documented field and message
type RowError = NonNullable<components['schemas']['ErrorResponse']['errors']>[number] & { row?: number };

const SHOWN_ERRORS = 50;
/** How often the import's progress is asked while the file is imported. */
const PROGRESS_POLL_MS = 500;

type ImportProgress = components['schemas']['EmployeeImportDto'];

/**
 * The running import's progress (GET /api/hr/employees/import), asked every half second while
 * `active`: the server checks the file off its event loop and writes how far it is. A finished
 * import (the previous one, before this one's row exists) shows no progress.
 */
const useImportProgress = (active: boolean): ImportProgress | null => {
  const { data } = useQuery({
    queryKey: ['employees', 'import', 'progress'],
    queryFn: () => apiData<ImportProgress>(client.GET('/api/hr/employees/import')),
    enabled: active,
    refetchInterval: PROGRESS_POLL_MS,
    retry: false,
    gcTime: 0,
  });
  return active && data?.status === 'running' ? data : null;
};

const download = (text: string, filename: string) => {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
};

/** Downloads the list as it is filtered and sorted now (GET /api/hr/employees/export). */
export const ExportEmployeesButton = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const { filterValues, sort } = useListContext();
  const [busy, setBusy] = useState(false);

  const run = async () => {
    setBusy(true);
    try {
      const { data, response } = await client.GET('/api/hr/employees/export', {
        params: {
          query: {
            filter: JSON.stringify(filterValues ?? {}),
            sort: JSON.stringify([sort?.field ?? 'employee_code', sort?.order ?? 'ASC']),
          },
        },
        headers: { Accept: 'text/csv' },
        parseAs: 'text',
      });
      const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? 'employees.csv';
      download(data ?? '', name);
    } catch (error) {
      notify(errorMessage(error, translate('employees.export_failed')), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button size="small" startIcon={<DownloadIcon />} onClick={run} disabled={busy}>
      {translate('employees.export')}
    </Button>
  );
};

/**
 * Imports a CSV file in the export's format (POST /api/hr/employees/import). The server checks
 * every row first and imports all or nothing; rejected rows are listed in a dialog. The button
 * opens a choice first: whether every imported employee (but the terminated) is e-mailed an
 * invitation to choose their password.
 */
export const ImportEmployeesButton = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<RowError[] | null>(null);
  const [choosing, setChoosing] = useState(false);
  const [invite, setInvite] = useState(false);
  const progress = useImportProgress(busy);

  const upload = async (file: File) => {
    setBusy(true);
    try {
      const { message } = await apiAnswer(client.POST('/api/hr/employees/import', { body: { csv: await file.text(), ...(invite ? { send_invitations: true } : {}) } }));
      notify(message ?? translate('employees.import'), { type: 'success' });
      refresh();
    } catch (error) {
      const rows: RowError[] = error instanceof HttpError && Array.isArray(error.body?.errors) ? error.body.errors : [];
      if (rows.some((e) => typeof e.row === 'number')) setErrors(rows);
      else notify(errorMessage(error, translate('employees.import_failed')), { type: 'error' });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <>
      <Button size="small" startIcon={<UploadIcon />} onClick={() => setChoosing(true)} disabled={busy}>
        {translate('employees.import')}
      </Button>
      <Dialog open={choosing} onClose={() => setChoosing(false)} fullWidth maxWidth="xs">
        <DialogTitle>{translate('employees.import_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate('employees.import_intro')}</DialogContentText>
          <FormControlLabel
            sx={{ mt: 1 }}
            control={<Checkbox checked={invite} onChange={(e) => setInvite(e.target.checked)} />}
            label={translate('employees.import_invite')}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setChoosing(false)}>{translate('employees.cancel')}</Button>
          <Button
            variant="contained"
            onClick={() => {
              setChoosing(false);
              input.current?.click();
            }}
          >
            {translate('employees.import_choose')}
          </Button>
        </DialogActions>
      </Dialog>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        hidden
        data-testid="employees-import-file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void upload(file);
        }}
      />
      <Dialog open={busy} fullWidth maxWidth="xs" aria-labelledby="employees-import-progress">
        <DialogTitle id="employees-import-progress">{translate('employees.import_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText data-testid="employees-import-progress">
            {progress && progress.total_rows > 0
              ? translate('employees.import_progress', {
                  done: progress.processed_rows.toLocaleString('en-US'),
                  total: progress.total_rows.toLocaleString('en-US'),
                })
              : translate('employees.import_reading')}
          </DialogContentText>
          <LinearProgress
            sx={{ mt: 2 }}
            variant={progress && progress.total_rows > 0 ? 'determinate' : 'indeterminate'}
            value={progress && progress.total_rows > 0 ? (100 * progress.processed_rows) / progress.total_rows : undefined}
          />
        </DialogContent>
      </Dialog>
      <Dialog open={!!errors} onClose={() => setErrors(null)} fullWidth maxWidth="sm">
        <DialogTitle>{translate('employees.import_errors_title')}</DialogTitle>
        <DialogContent dividers>
          <DialogContentText>{translate('employees.import_errors_intro')}</DialogContentText>
          <MuiList dense>
            {(errors ?? []).slice(0, SHOWN_ERRORS).map((e, i) => (
              <ListItem key={i} disableGutters>
                <ListItemText
                  primary={`${translate('employees.import_row', { row: e.row })} · ${e.field}`}
                  secondary={e.message}
                />
              </ListItem>
            ))}
          </MuiList>
          {errors && errors.length > SHOWN_ERRORS && (
            <DialogContentText>{translate('employees.import_more', { count: errors.length - SHOWN_ERRORS })}</DialogContentText>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setErrors(null)}>{translate('employees.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
};
