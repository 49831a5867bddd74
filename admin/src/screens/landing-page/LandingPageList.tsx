import {
  Button,
  Card,
  Chip,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import type { LandingPage } from './api';

/** The landing pages with their created date and an Active badge; edit, activate, delete. */
export function LandingPageList({
  pages,
  busy,
  onEdit,
  onActivate,
  onDelete,
}: {
  pages: LandingPage[];
  busy: boolean;
  onEdit: (page: LandingPage) => void;
  onActivate: (page: LandingPage) => void;
  onDelete: (page: LandingPage) => void;
}) {
  const translate = useTranslate();
  if (pages.length === 0) {
    return (
      <Card variant="outlined" sx={{ p: 3 }}>
        <Typography color="text.secondary">{translate('landing_page.empty')}</Typography>
      </Card>
    );
  }
  return (
    <TableContainer component={Card} variant="outlined">
      <Table aria-label={translate('screens.landing_page')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('landing_page.columns.page')}</TableCell>
            <TableCell>{translate('landing_page.columns.created')}</TableCell>
            <TableCell>{translate('landing_page.columns.status')}</TableCell>
            <TableCell align="right">{translate('landing_page.columns.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {pages.map((page) => {
            const title = page.hero_title || translate('landing_page.untitled');
            return (
              <TableRow key={page.id} hover data-testid={`landing-page-${page.id}`}>
                <TableCell>
                  <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    #{page.id}
                  </Typography>
                </TableCell>
                <TableCell>{new Date(page.created_at).toLocaleString()}</TableCell>
                <TableCell>
                  {page.is_active ? (
                    <Chip color="success" size="small" label={translate('landing_page.active')} />
                  ) : (
                    <Chip variant="outlined" size="small" label={translate('landing_page.inactive')} />
                  )}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Button size="small" onClick={() => onEdit(page)} aria-label={`${translate('landing_page.edit')} ${title}`}>
                    {translate('landing_page.edit')}
                  </Button>
                  {!page.is_active && (
                    <Button
                      size="small"
                      disabled={busy}
                      onClick={() => onActivate(page)}
                      aria-label={`${translate('landing_page.activate')} ${title}`}
                    >
                      {translate('landing_page.activate')}
                    </Button>
                  )}
                  <Button
                    size="small"
                    color="error"
                    disabled={busy}
                    onClick={() => onDelete(page)}
                    aria-label={`${translate('landing_page.delete')} ${title}`}
                  >
                    {translate('landing_page.delete')}
                  </Button>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
