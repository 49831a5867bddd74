import { useEffect, useState } from 'react';
import { Box, Button, Card, CardActions, CardContent, Chip, InputAdornment, Skeleton, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import EditIcon from '@mui/icons-material/Edit';
import ChecklistIcon from '@mui/icons-material/Checklist';
import DeleteIcon from '@mui/icons-material/Delete';
import CheckIcon from '@mui/icons-material/Check';
import { TextInput, useGetList, useTranslate } from 'react-admin';
import type { components } from '../../../../openapi/schema';
import { PageHeader } from '../../layout/PageHeader';
import { LoadError } from '../../layout/LoadError';
import { errorMessage } from '../../providers/httpClient';
import { features, packages } from '../../resources/platform';
import type { ResourceConfig } from '../../schema/config';
import { humanize, type FieldDescriptor } from '../../schema/derive';
import { useLabels } from '../../schema/schema';
import { SchemaDeleteConfirm, SchemaFormDialog, SchemaResource } from '../../schema/SchemaResource';
import { validatorsOf } from '../../schema/validation';
import { ManageFeaturesDialog } from './ManageFeaturesDialog';
import { dollars } from './price';

type Package = components['schemas']['PackageResponseDto'];

const SEARCH_DELAY_MS = 300;
const SHOWN_FEATURES = 6;

const PackageCard = ({
  pkg,
  onEdit,
  onFeatures,
  onDelete,
}: {
  pkg: Package;
  onEdit: () => void;
  onFeatures: () => void;
  onDelete: () => void;
}) => {
  const translate = useTranslate();
  const limit = (n: number, what: 'employees' | 'admins') =>
    n === -1 ? translate(`packages.unlimited_${what}`) : translate(`packages.${what}`, { count: n });
  const shown = pkg.included_features.slice(0, SHOWN_FEATURES);
  return (
    <Card
      variant="outlined"
      component="article"
      aria-label={pkg.package_name}
      sx={{ display: 'flex', flexDirection: 'column', position: 'relative', borderColor: pkg.is_popular ? 'primary.main' : undefined, borderWidth: pkg.is_popular ? 2 : 1 }}
    >
      <CardContent sx={{ flex: 1 }}>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }} noWrap>
              {pkg.package_name}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {translate('packages.code', { code: pkg.package_code })}
            </Typography>
          </Box>
          <Stack direction="row" spacing={0.5}>
            {pkg.is_popular && <Chip size="small" color="primary" label={translate('packages.popular')} />}
            {!pkg.is_active && <Chip size="small" label={translate('packages.inactive')} />}
          </Stack>
        </Stack>
        {pkg.description && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {pkg.description}
          </Typography>
        )}
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 0.5, mt: 2 }}>
          <Typography variant="h4" component="p" sx={{ fontWeight: 800 }}>
            {dollars(pkg.monthly_price)}
          </Typography>
          <Typography color="text.secondary">{translate('packages.per_month')}</Typography>
        </Box>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
          <Typography variant="body2" color="text.secondary">
            {translate('packages.per_year', { price: dollars(pkg.annual_price).slice(1) })}
          </Typography>
          <Chip size="small" color="success" variant="outlined" label={translate('packages.save_20')} />
        </Stack>
        <Stack spacing={0.25} sx={{ mb: 2 }}>
          <Typography variant="body2">{limit(pkg.max_employees, 'employees')}</Typography>
          <Typography variant="body2">{limit(pkg.max_admins, 'admins')}</Typography>
          <Typography variant="body2">
            {pkg.trial_days > 0 ? translate('packages.trial', { smart_count: pkg.trial_days }) : translate('packages.no_trial')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('packages.companies', { smart_count: pkg.companies_count })}
          </Typography>
        </Stack>
        {shown.length ? (
          <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {shown.map((f) => (
              <Stack component="li" key={f.id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <CheckIcon fontSize="small" color="success" />
                <Typography variant="body2">{f.feature_name}</Typography>
              </Stack>
            ))}
            {pkg.included_features.length > SHOWN_FEATURES && (
              <Typography component="li" variant="body2" color="text.secondary">
                {translate('packages.more_features', { count: pkg.included_features.length - SHOWN_FEATURES })}
              </Typography>
            )}
          </Stack>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {translate('packages.no_features')}
          </Typography>
        )}
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 0.5, px: 2, pb: 2 }}>
        <Button size="small" startIcon={<EditIcon />} onClick={onEdit}>
          {translate('packages.edit')}
        </Button>
        <Button size="small" startIcon={<ChecklistIcon />} onClick={onFeatures}>
          {translate('packages.manage_features')}
        </Button>
        <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={onDelete} disabled={pkg.companies_count > 0}>
          {translate('packages.delete')}
        </Button>
      </CardActions>
    </Card>
  );
};

/**
 * A price as a person types it ("59" or "59.5"): the server turns a number into its two-decimal
 * form before checking the document's pattern, so the form checks what the server accepts.
 */
const AMOUNT = /^\d{1,8}(\.\d{1,2})?$/;

function PriceInput({ field }: { field: FieldDescriptor }) {
  const labels = useLabels(packages.name);
  const rules = { ...field, rules: { ...field.rules, pattern: undefined } };
  const label = labels.field(field.source);
  const amount = (value: unknown) =>
    value === null || value === undefined || value === '' || AMOUNT.test(String(value).trim())
      ? undefined
      : labels.translate('packages.validation.amount', { field: humanize(field.source) });
  return <TextInput source={field.source} label={label} validate={[...validatorsOf(rules, labels.translate), amount]} inputMode="decimal" fullWidth helperText={false} />;
}

const packageForm: ResourceConfig = {
  ...packages,
  inputs: { monthly_price: (field) => <PriceInput field={field} />, annual_price: (field) => <PriceInput field={field} /> },
};

/** /packages (spec 2.14): search, package cards, package / feature / manage-features dialogs. */
export default function PackagesScreen() {
  const translate = useTranslate();
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Package | null>(null);
  const [featuresOf, setFeaturesOf] = useState<Package | null>(null);
  const [deleting, setDeleting] = useState<Package | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => setQ(search.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const { data, isPending, error, refetch } = useGetList<Package>(packages.name, {
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'sort_order', order: 'ASC' },
    filter: q ? { q } : {},
  });

  return (
    <>
      <PageHeader
        title={translate('screens.packages')}
        subtitle={translate('packages.subtitle')}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
            {translate('packages.create')}
          </Button>
        }
      />
      <TextField
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        placeholder={translate('packages.search')}
        size="small"
        sx={{ mb: 3, width: { xs: '100%', sm: 360 } }}
        slotProps={{
          htmlInput: { 'aria-label': translate('packages.search') },
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
          {errorMessage(error, translate('packages.errors.fetch'))}
        </LoadError>
      ) : isPending ? (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))' }}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} variant="rounded" height={360} />
          ))}
        </Box>
      ) : !data?.length ? (
        <Card variant="outlined">
          <CardContent>
            <Typography color="text.secondary">{translate(q ? 'packages.no_match' : 'packages.empty')}</Typography>
          </CardContent>
        </Card>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(280px, 100%), 1fr))' }}>
          {data.map((pkg) => (
            <PackageCard
              key={pkg.id}
              pkg={pkg}
              onEdit={() => setEditing(pkg)}
              onFeatures={() => setFeaturesOf(pkg)}
              onDelete={() => setDeleting(pkg)}
            />
          ))}
        </Box>
      )}

      <Box component="section" aria-label={translate('packages.features_section')} sx={{ mt: 4 }}>
        <SchemaResource
          config={features}
          title={
            <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
              {translate('packages.features_section')}
            </Typography>
          }
        />
      </Box>

      {(adding || editing) && (
        <SchemaFormDialog config={packageForm} record={editing ?? undefined} onClose={() => (setAdding(false), setEditing(null))} />
      )}
      <ManageFeaturesDialog pkg={featuresOf} onClose={() => setFeaturesOf(null)} onSaved={() => (setFeaturesOf(null), void refetch())} />
      {deleting && <SchemaDeleteConfirm config={packages} record={deleting} onClose={() => setDeleting(null)} />}
    </>
  );
}
