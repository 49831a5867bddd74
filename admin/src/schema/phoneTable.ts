import type { Theme } from '@mui/material';
import type { SystemStyleObject } from '@mui/system';

/**
 * A table that reads as cards on a phone (under 600 px) instead of scrolling sideways inside its
 * frame: the header row hides, every row becomes a card, its first cell the card's title and every
 * other cell a line "Label ……… value" (the label from the column's heading), actions included, so
 * each row's buttons stay on screen. Desktop keeps the table as it is.
 *
 * `labels` are the column headings in order ('' for a cell without a label, e.g. the actions).
 * Pass the result in the <Table>'s `sx`, beside the desktop `minWidth`.
 */
export const stackOnPhone =
  (labels: string[], { title = true }: { title?: boolean } = {}) =>
  (theme: Theme): SystemStyleObject<Theme> => ({
    [theme.breakpoints.down('sm')]: {
      minWidth: '0 !important',
      width: '100%',
      display: 'block',
      '& thead': { display: 'none' },
      '& tbody, & tfoot': { display: 'block' },
      '& tbody tr, & tfoot tr': {
        display: 'block',
        border: `1px solid ${theme.palette.divider}`,
        borderRadius: `${theme.shape.borderRadius}px`,
        margin: theme.spacing(1),
        padding: theme.spacing(1, 0),
        height: 'auto',
      },
      '& tbody td, & tfoot td, & tbody th, & tfoot th': {
        display: 'block',
        border: 'none',
        padding: theme.spacing(0.5, 1.5),
        textAlign: 'right',
        whiteSpace: 'normal !important',
        overflowWrap: 'anywhere',
        minWidth: 0,
        width: 'auto !important',
        '& *': { whiteSpace: 'normal !important' },
        '&::after': { content: '""', display: 'table', clear: 'both' },
      },
      '& td::before, & th::before': {
        float: 'left',
        textAlign: 'left',
        marginRight: theme.spacing(1),
        color: theme.palette.text.secondary,
        fontWeight: 500,
        maxWidth: '50%',
      },
      ...Object.fromEntries(
        labels.map((label, i) => [`& tbody td:nth-of-type(${i + 1})::before, & tfoot td:nth-of-type(${i + 1})::before`, { content: JSON.stringify(label) }]),
      ),
      ...(title
        ? {
            '& tbody td:first-of-type': { textAlign: 'left', fontWeight: 600, '&::before': { content: 'none' } },
          }
        : {}),
      // a cell that spans the row (the empty state, a load error) is said as it is
      '& td[colspan]': { textAlign: 'center', '&::before': { content: 'none' } },
    },
  });

/**
 * A table's pagination that fits a phone: its parts ("Rows per page", the range, the arrows) wrap
 * onto a second line instead of scrolling the row sideways.
 */
export const paginationSx = {
  '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', rowGap: 0.5, pl: { xs: 1, sm: 2 } },
  '& .MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } },
} as const;
