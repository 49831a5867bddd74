import type { ReactNode } from 'react';
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/EditOutlined';
import { RecordContextProvider, useGetOne, type RaRecord } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { LoadError } from '../../layout/LoadError';
import { errorMessage } from '../../providers/httpClient';
import type { ResourceConfig } from '../../schema/config';
import { detailFields } from '../../schema/derive';
import { SchemaField } from '../../schema/fields';
import { representation } from '../../schema/representation';
import { resourceSchema, useLabels } from '../../schema/schema';

/** The query parameter that names the employee whose details are open (/hr/employees?employee=12), so a name links to its record. */
export const EMPLOYEE_PARAM = 'employee';

/** The address of an employee's details on the Employees screen. */
export const employeeLink = (id: number | string) => ({ pathname: '/hr/employees', search: `?${EMPLOYEE_PARAM}=${encodeURIComponent(String(id))}` });

interface DirectReport {
  id: number;
  name: string;
  position_title?: string | null;
}

const EmployeeLink = ({ id, children }: { id: number | string; children: ReactNode }) => (
  <Link component={RouterLink} to={employeeLink(id)} variant="body2" sx={{ fontWeight: 600 }}>
    {children}
  </Link>
);

/** Who reports to the employee, each leading to their details; said in words when nobody does. */
const DirectReports = ({ reports, firstName }: { reports: DirectReport[]; firstName: string }) => {
  const labels = useLabels('hr/employees');
  if (!reports.length)
    return (
      <Typography component="span" variant="body2" color="text.secondary">
        {labels.translate('employees.no_direct_reports', { name: firstName })}
      </Typography>
    );
  return (
    <Box component="ul" sx={{ m: 0, pl: 0, listStyle: 'none', display: 'grid', gap: 0.5 }} aria-label={labels.translate('employees.direct_reports')}>
      {reports.map((report) => (
        <li key={report.id}>
          <EmployeeLink id={report.id}>{report.name}</EmployeeLink>
          {report.position_title && (
            <Typography component="span" variant="body2" color="text.secondary">
              {` · ${report.position_title}`}
            </Typography>
          )}
        </li>
      ))}
    </Box>
  );
};

const Row = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box sx={{ display: 'contents' }}>
    <Typography component="dt" variant="body2" color="text.secondary">
      {label}
    </Typography>
    <Box component="dd" sx={{ m: 0, minWidth: 0 }}>
      {children}
    </Box>
  </Box>
);

/**
 * An employee's details: the generated fields of the record, with the manager and the direct
 * reports as links to their own details, so a person walks the reporting line from one to the next.
 */
export const EmployeeDetails = ({
  config,
  id,
  row,
  onClose,
  onEdit,
  onDelete,
}: {
  config: ResourceConfig;
  id: string;
  /** the list's row of the employee, shown until the details have loaded (opened from the list) */
  row?: RaRecord;
  onClose: () => void;
  onEdit?: (record: RaRecord) => void;
  onDelete?: (record: RaRecord) => void;
}) => {
  const resource = resourceSchema(config.name);
  const labels = useLabels(config.name);
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const { data, error, refetch } = useGetOne(config.name, { id });
  const record = data ?? row;
  // the reporting line comes first, above the record's other fields
  const all = detailFields(resource, config.show);
  const managerField = all.find((field) => field.source === 'manager_id');
  const fields = all.filter((field) => field !== managerField);

  const value = (source: string) => {
    const field = fields.find((f) => f.source === source)!;
    const Custom = config.cells?.[source];
    return Custom ? <Custom record={record!} field={field} /> : <SchemaField resource={config.name} field={field} />;
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={phone} aria-labelledby="employee-details-title">
      <DialogTitle id="employee-details-title" sx={{ fontWeight: 700 }}>
        {record ? representation(config.name)(record) : labels.translate('ra.page.loading')}
      </DialogTitle>
      <DialogContent dividers>
        {error ? (
          <LoadError onRetry={refetch}>{errorMessage(error, labels.translate('employees.details_failed'))}</LoadError>
        ) : !record ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
            <CircularProgress size={28} aria-label={labels.translate('ra.page.loading')} />
          </Box>
        ) : (
          <RecordContextProvider value={record}>
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 2fr' }, gap: 1, m: 0 }}>
              <Row label={labels.field('manager_id')}>
                {record.manager_id != null && record.manager_name ? (
                  <EmployeeLink id={record.manager_id}>{record.manager_name}</EmployeeLink>
                ) : managerField ? (
                  <SchemaField resource={config.name} field={managerField} />
                ) : (
                  <Typography component="span" variant="body2">
                    {labels.text('none')}
                  </Typography>
                )}
              </Row>
              {/* an answer without the list (an older server) shows none rather than "nobody" */}
              {Array.isArray(record.direct_reports) && (
                <Row label={labels.translate('employees.direct_reports')}>
                  <DirectReports reports={record.direct_reports as DirectReport[]} firstName={String(record.first_name ?? '')} />
                  <Link component={RouterLink} to="/hr/org-chart" variant="body2" sx={{ display: 'inline-block', mt: 0.5 }}>
                    {labels.translate('employees.show_org_chart')}
                  </Link>
                </Row>
              )}
              {fields.map((field) => (
                <Row key={field.source} label={labels.field(field.source)}>
                  {value(field.source)}
                </Row>
              ))}
            </Box>
          </RecordContextProvider>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap' }}>
        {onDelete && record && (
          <Button color="error" startIcon={<DeleteIcon />} onClick={() => onDelete(record)}>
            {labels.text('delete')}
          </Button>
        )}
        <Box sx={{ flexGrow: 1 }} />
        <Button onClick={onClose}>{labels.translate('ra.action.close')}</Button>
        {onEdit && record && (
          <Button variant="contained" startIcon={<EditIcon />} onClick={() => onEdit(record)}>
            {labels.text('edit')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
};
