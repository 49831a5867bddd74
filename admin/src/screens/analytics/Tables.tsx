import { Box, Card, CardContent, Chip, Link, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { stackOnPhone } from '../../schema/phoneTable';
import { usageByPackage, type Analytics } from './analytics';

const REASON_COLOR = { trial_ending: 'warning', past_due: 'error', inactive: 'default' } as const;

const Heading = ({ title, subtitle }: { title: string; subtitle: string }) => (
  <>
    <Typography variant="h6" component="h2" sx={{ fontWeight: 600 }}>
      {title}
    </Typography>
    <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
      {subtitle}
    </Typography>
  </>
);

/** Packages as rows, modules as columns: "companies using it of the companies on the package". */
export function ModuleUsageTable({ data }: { data: Analytics }) {
  const translate = useTranslate();
  const t = (key: string, args?: object) => translate(`analytics.usage.${key}`, args);
  const { modules, packages } = usageByPackage(data.module_usage);
  return (
    <Card variant="outlined" sx={{ contain: 'inline-size' }} data-testid="analytics-usage">
      <CardContent>
        <Heading title={t('title')} subtitle={t('subtitle')} />
        {!packages.length ? (
          <Typography color="text.secondary">{t('empty')}</Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={t('title')} sx={stackOnPhone([t('package'), t('companies'), ...modules.map((m) => t(`modules.${m}`))])}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('package')}</TableCell>
                  <TableCell align="right">{t('companies')}</TableCell>
                  {modules.map((m) => (
                    <TableCell key={m} align="right">
                      {t(`modules.${m}`)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {packages.map((p) => (
                  <TableRow key={p.id}>
                    <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                      {p.name}
                    </TableCell>
                    <TableCell align="right">{p.companies}</TableCell>
                    {modules.map((m) => {
                      const active = p.modules.get(m) ?? 0;
                      return (
                        <TableCell key={m} align="right" sx={{ whiteSpace: 'nowrap', color: active ? undefined : 'text.secondary' }}>
                          {p.companies ? t('cell', { active, total: p.companies }) : '—'}
                        </TableCell>
                      );
                    })}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

/** The companies at risk; a company's name opens it in Companies. */
export function AtRiskTable({ data }: { data: Analytics }) {
  const translate = useTranslate();
  const t = (key: string, args?: object) => translate(`analytics.risk.${key}`, args);
  return (
    <Card variant="outlined" sx={{ contain: 'inline-size' }} data-testid="analytics-at-risk">
      <CardContent>
        <Heading title={t('title')} subtitle={t('subtitle')} />
        {!data.at_risk.length ? (
          <Typography color="text.secondary">{t('empty')}</Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={t('title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('company')}</TableCell>
                  <TableCell>{t('reason')}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('package')}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('detail')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.at_risk.map((r) => (
                  <TableRow key={`${r.company_id}-${r.reason}`} data-testid="at-risk-row">
                    <TableCell>
                      <Link
                        component={RouterLink}
                        to={`/companies?q=${encodeURIComponent(r.company_name)}`}
                        aria-label={t('open', { company: r.company_name })}
                        sx={{ fontWeight: 600 }}
                      >
                        {r.company_name}
                      </Link>
                      {/* on a phone the detail goes under the name */}
                      <Typography variant="caption" color="text.secondary" component="p" sx={{ display: { md: 'none' } }}>
                        {r.detail}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      <Chip size="small" label={t(`reasons.${r.reason}`)} color={REASON_COLOR[r.reason]} variant="outlined" />
                    </TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, whiteSpace: 'nowrap' }}>{r.package_name}</TableCell>
                    <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{r.detail}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
