import type { ReactNode } from 'react';
import {
  Card,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
} from '@mui/material';
import { LoadError } from '../../layout/LoadError';
import { paginationSx, stackOnPhone } from '../../schema/phoneTable';

interface Paging {
  total: number;
  page: number;
  perPage: number;
  setPage: (page: number) => void;
  setPerPage: (size: number) => void;
}

/**
 * A tab's table: a loading bar, the load error with Retry, the empty state, and paging. On a
 * phone every row is a card (the first column its title, the others labelled lines, the actions
 * at its foot), so nothing scrolls sideways.
 */
export const ListCard = ({
  label,
  columns,
  minWidth,
  loading,
  failed,
  onRetry,
  empty,
  isEmpty,
  paging,
  children,
}: {
  label: string;
  columns: Array<{ label: string; align?: 'right' | 'left' }>;
  minWidth: number;
  loading: boolean;
  failed: string | null;
  onRetry: () => unknown;
  /** the empty state's text (the spec's words) */
  empty: string;
  isEmpty: boolean;
  paging?: Paging;
  children: ReactNode;
}) => (
  <>
    {failed && (
      <LoadError onRetry={onRetry} sx={{ mb: 2 }}>
        {failed}
      </LoadError>
    )}
    <Card variant="outlined">
      {loading && <LinearProgress />}
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={label} sx={[{ minWidth }, stackOnPhone(columns.map((c) => c.label))]}>
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell key={c.label} align={c.align} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                  {c.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {children}
            {isEmpty && !loading && !failed && (
              <TableRow>
                <TableCell colSpan={columns.length} sx={{ textAlign: 'center', py: 6, color: 'text.secondary' }} data-testid="empty-state">
                  {empty}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {paging && (
        <TablePagination
          component="div"
          count={paging.total}
          page={paging.page}
          rowsPerPage={paging.perPage}
          rowsPerPageOptions={[10, 25, 50]}
          sx={paginationSx}
          onPageChange={(_, p) => paging.setPage(p)}
          onRowsPerPageChange={(e) => paging.setPerPage(Number(e.target.value))}
        />
      )}
    </Card>
  </>
);
