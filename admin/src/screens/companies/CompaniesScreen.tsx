import './messages.en';
import { useEffect, useState, type ReactNode } from 'react';
import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  CircularProgress,
  InputAdornment,
  Pagination,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import EditIcon from '@mui/icons-material/Edit';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import DeleteIcon from '@mui/icons-material/Delete';
import VisibilityIcon from '@mui/icons-material/Visibility';
import EmailIcon from '@mui/icons-material/Email';
import PhoneIcon from '@mui/icons-material/Phone';
import LanguageIcon from '@mui/icons-material/Language';
import PeopleIcon from '@mui/icons-material/People';
import { useQueryClient } from '@tanstack/react-query';
import { useGetList, useNotify, useTranslate } from 'react-admin';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../layout/PageHeader';
import { errorMessage } from '../../providers/httpClient';
import { startImpersonation } from '../../providers/impersonation';
import type { components } from '../../../../openapi/schema';
import { companies } from '../../resources/platform';
import { useFormat } from '../../schema/format';
import { SchemaFormDialog } from '../../schema/SchemaResource';
import { CompanyAdminDialog } from './CompanyAdminDialog';
import { DeleteCompanyDialog } from './DeleteCompanyDialog';
import { LoadError } from '../../layout/LoadError';

const PER_PAGE = 24;
const SEARCH_DELAY_MS = 300;

type Company = components['schemas']['CompanyResponseDto'];

const STATE_COLOR: Record<Company['subscription_state'], 'success' | 'info' | 'warning' | 'error' | 'default'> = {
  active: 'success',
  trial: 'info',
  trial_ended: 'warning',
  suspended: 'error',
  cancelled: 'default',
};

const Line = ({ icon, children }: { icon: ReactNode; children: ReactNode }) => (
  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary', minWidth: 0 }}>
    {icon}
    <Typography variant="body2" noWrap sx={{ minWidth: 0 }}>
      {children}
    </Typography>
  </Stack>
);

interface CardProps {
  company: Company;
  busy: boolean;
  onEdit: () => void;
  onAdmin: () => void;
  onDelete: () => void;
  onView: () => void;
}

const CompanyCard = ({ company, busy, onEdit, onAdmin, onDelete, onView }: CardProps) => {
  const translate = useTranslate();
  const format = useFormat();
  const formatDate = (iso: string) => format.date(format.dayOf(iso));
  const state = company.subscription_state;
  const stateLabel =
    state === 'trial' && company.trial_ends_at
      ? translate('companies.trial_until', { date: formatDate(company.trial_ends_at) })
      : state === 'trial_ended' && company.trial_ends_at
        ? translate('companies.trial_ended', { date: formatDate(company.trial_ends_at) })
        : translate(`companies.statuses.${company.subscription_status}`);
  return (
    <Card variant="outlined" component="article" aria-label={company.company_name} sx={{ display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flex: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between', mb: 1 }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h6" component="h2" sx={{ fontWeight: 600, lineHeight: 1.3 }} noWrap>
              {company.company_name}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {company.company_code}
              {company.industry ? ` · ${company.industry}` : ''}
            </Typography>
          </Box>
          <Chip size="small" color="primary" variant="outlined" label={company.package.package_name} title={translate('companies.plan')} />
        </Stack>
        <Chip size="small" color={STATE_COLOR[state]} label={stateLabel} sx={{ mb: 1.5 }} />
        <Stack spacing={0.5}>
          {company.email && <Line icon={<EmailIcon fontSize="small" />}>{company.email}</Line>}
          {company.phone && <Line icon={<PhoneIcon fontSize="small" />}>{company.phone}</Line>}
          {company.website && <Line icon={<LanguageIcon fontSize="small" />}>{company.website}</Line>}
          <Line icon={<PeopleIcon fontSize="small" />}>
            {translate('companies.users', { smart_count: company.users_count })} ·{' '}
            {translate('companies.employees', { smart_count: company.employees_count })}
          </Line>
        </Stack>
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 0.5, px: 2, pb: 2 }}>
        <Button
          size="small"
          variant="contained"
          startIcon={busy ? <CircularProgress size={14} color="inherit" /> : <VisibilityIcon />}
          onClick={onView}
          disabled={busy}
        >
          {translate('companies.view_as_admin')}
        </Button>
        <Button size="small" startIcon={<EditIcon />} onClick={onEdit}>
          {translate('companies.edit')}
        </Button>
        <Button size="small" startIcon={<PersonAddIcon />} onClick={onAdmin}>
          {translate('companies.create_admin')}
        </Button>
        <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={onDelete}>
          {translate('companies.delete')}
        </Button>
      </CardActions>
    </Card>
  );
};

/**
 * /companies (spec 2.13): search, company cards, add/edit/create-admin/delete dialogs, view as admin.
 * /companies?q=… opens it searched (Analytics links a company at risk so).
 */
export default function CompaniesScreen() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [search, setSearch] = useState(() => params.get('q') ?? '');
  const [q, setQ] = useState(() => (params.get('q') ?? '').trim());
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Company | null>(null);
  const [adding, setAdding] = useState(false);
  const [adminFor, setAdminFor] = useState<Company | null>(null);
  const [deleting, setDeleting] = useState<Company | null>(null);
  const [impersonating, setImpersonating] = useState<number | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(search.trim());
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const { data, total, isPending, error, refetch } = useGetList<Company>(companies.name, {
    pagination: { page, perPage: PER_PAGE },
    sort: { field: 'company_name', order: 'ASC' },
    filter: q ? { q } : {},
  });

  const saved = () => {
    setAdding(false);
    setEditing(null);
    setAdminFor(null);
    setDeleting(null);
    void refetch();
  };

  const viewAsAdmin = async (company: Company) => {
    setImpersonating(company.id);
    try {
      const started = await startImpersonation(company.id);
      // cached lists belong to the platform view
      queryClient.clear();
      notify('companies.toast.impersonating', {
        type: 'success',
        messageArgs: { company: started.company_name || company.company_name },
      });
      navigate('/dashboard');
    } catch {
      notify('companies.errors.impersonate', { type: 'error' });
      setImpersonating(null);
    }
  };

  const pages = Math.ceil((total ?? 0) / PER_PAGE);

  return (
    <>
      <PageHeader
        title={translate('screens.companies')}
        subtitle={translate('companies.subtitle')}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
            {translate('companies.add')}
          </Button>
        }
      />
      <TextField
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        placeholder={translate('companies.search')}
        size="small"
        sx={{ mb: 3, width: { xs: '100%', sm: 360 } }}
        slotProps={{
          htmlInput: { 'aria-label': translate('companies.search') },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />

      {error ? (
        <LoadError onRetry={refetch}>
          {errorMessage(error, translate('companies.errors.fetch'))}
        </LoadError>
      ) : isPending ? (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))' }}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={220} />
          ))}
        </Box>
      ) : !data?.length ? (
        <Card variant="outlined">
          <CardContent>
            <Typography color="text.secondary">{translate(q ? 'companies.no_match' : 'companies.empty')}</Typography>
          </CardContent>
        </Card>
      ) : (
        <>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))' }}>
            {data.map((company) => (
              <CompanyCard
                key={company.id}
                company={company}
                busy={impersonating === company.id}
                onView={() => void viewAsAdmin(company)}
                onEdit={() => setEditing(company)}
                onAdmin={() => setAdminFor(company)}
                onDelete={() => setDeleting(company)}
              />
            ))}
          </Box>
          {pages > 1 && (
            <Pagination count={pages} page={page} onChange={(_, p) => setPage(p)} sx={{ mt: 3, display: 'flex', justifyContent: 'center' }} />
          )}
        </>
      )}

      {(adding || editing) && (
        <SchemaFormDialog config={companies} record={editing ?? undefined} onClose={() => (setAdding(false), setEditing(null))} />
      )}
      <CompanyAdminDialog company={adminFor} onClose={() => setAdminFor(null)} onSaved={saved} />
      <DeleteCompanyDialog company={deleting} onClose={() => setDeleting(null)} onDeleted={saved} />
    </>
  );
}
