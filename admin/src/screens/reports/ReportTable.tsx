import { Box, Table, TableBody, TableCell, TableContainer, TableFooter, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useFormat } from '../../schema/format';
import { stackOnPhone } from '../../schema/phoneTable';
import { formatCell, isNumeric, type ReportResult } from './report';

/** The report's rows under its columns, numbers to the right, the totals in bold; on a phone each row is a card of labelled lines. */
export function ReportTable({ result }: { result: ReportResult }) {
  const translate = useTranslate();
  const fmt = useFormat();
  const cell = (value: Parameters<typeof formatCell>[0], type: ReportResult['columns'][number]['type']) => formatCell(value, type, result.currency, fmt.date);

  if (!result.rows.length) {
    return (
      <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }} data-testid="report-empty">
        {translate('reports.empty')}
      </Typography>
    );
  }

  return (
    <Box sx={{ minWidth: 0 }}>
      <TableContainer sx={{ overflowX: 'auto', maxWidth: '100%' }} data-testid="report-table">
        <Table size="small" aria-label={result.title} sx={stackOnPhone(result.columns.map((c) => c.label))}>
          <TableHead>
            <TableRow>
              {result.columns.map((c) => (
                <TableCell key={c.key} align={isNumeric(c.type) ? 'right' : 'left'} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                  {c.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {result.rows.map((row, i) => (
              <TableRow key={i} hover>
                {result.columns.map((c) => (
                  <TableCell key={c.key} align={isNumeric(c.type) ? 'right' : 'left'} sx={{ whiteSpace: isNumeric(c.type) || c.type === 'date' ? 'nowrap' : undefined }}>
                    {cell(row[c.key], c.type)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
          {result.totals && (
            <TableFooter>
              <TableRow data-testid="report-totals">
                {result.columns.map((c, i) => {
                  const value = result.totals?.[c.key];
                  const text = value === null || value === undefined ? (i === 0 ? translate('reports.total') : '') : cell(value, c.type);
                  return (
                    <TableCell key={c.key} align={isNumeric(c.type) ? 'right' : 'left'} sx={{ fontWeight: 700, color: 'text.primary', fontSize: 'inherit', whiteSpace: 'nowrap' }}>
                      {text}
                    </TableCell>
                  );
                })}
              </TableRow>
            </TableFooter>
          )}
        </Table>
      </TableContainer>
      {result.truncated && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="report-truncated">
          {translate('reports.truncated', { shown: result.rows.length, total: result.total_rows })}
        </Typography>
      )}
    </Box>
  );
}
