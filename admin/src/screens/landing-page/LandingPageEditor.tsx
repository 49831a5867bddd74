import { useState } from 'react';
import { Alert, Box, Button, Chip, Stack } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useNotify, useTranslate } from 'react-admin';
import { PageHeader } from '../../layout/PageHeader';
import { errorMessage, fieldErrors } from '../../providers/httpClient';
import { landingPages } from '../../resources/platform';
import { resourceSchema } from '../../schema/schema';
import { SchemaDeleteConfirm } from '../../schema/SchemaResource';
import { useRuleCheck, wireValue } from '../../schema/useRuleCheck';
import { cmsApi, type LandingPage, type PageChanges } from './api';
import { BlurField } from './BlurField';
import { FeaturesEditor } from './FeaturesEditor';
import { FieldGrid, Section } from './Section';
import { TestimonialsEditor } from './TestimonialsEditor';

type PageField = Exclude<keyof PageChanges, 'is_active' | 'footer_social_links'>;
interface FieldSpec {
  field: PageField;
  multiline?: boolean;
  type?: 'number' | 'email' | 'url';
  hint?: string;
}

const URL_HINT = 'landing_page.hints.url';
const HERO: FieldSpec[] = [
  { field: 'hero_title' },
  { field: 'hero_subtitle' },
  { field: 'hero_description', multiline: true },
  { field: 'hero_image_url', type: 'url' },
  { field: 'hero_cta_text' },
  { field: 'hero_secondary_cta_text' },
  { field: 'hero_secondary_cta_url', type: 'url', hint: URL_HINT },
];
const SECTION_TITLES: FieldSpec[] = [
  { field: 'stats_title' },
  { field: 'stats_subtitle' },
  { field: 'features_title' },
  { field: 'features_subtitle' },
  { field: 'testimonials_title' },
  { field: 'testimonials_subtitle' },
  { field: 'pricing_title' },
  { field: 'pricing_subtitle' },
];
const STATS: FieldSpec[] = [
  { field: 'stats_clients_count', type: 'number' },
  { field: 'stats_projects_count', type: 'number' },
  { field: 'stats_years_count', type: 'number' },
  { field: 'stats_countries_count', type: 'number' },
];
const CTA: FieldSpec[] = [
  { field: 'cta_title' },
  { field: 'cta_button_text' },
  { field: 'cta_description', multiline: true },
  { field: 'cta_button_url', type: 'url', hint: 'landing_page.hints.cta_button_url' },
];
const FOOTER: FieldSpec[] = [
  { field: 'footer_company_name' },
  { field: 'footer_contact_email', type: 'email' },
  { field: 'footer_description', multiline: true },
  { field: 'footer_contact_phone' },
  { field: 'footer_address', multiline: true },
];
const SEO: FieldSpec[] = [
  { field: 'seo_title' },
  { field: 'seo_keywords', hint: 'landing_page.hints.seo_keywords' },
  { field: 'seo_description', multiline: true },
  { field: 'og_image_url', type: 'url' },
];
const SOCIAL_NETWORKS = ['facebook', 'twitter', 'linkedin', 'instagram'] as const;

/** Editing one landing page: every field saves when it loses focus (platform.md 2.11). */
export function LandingPageEditor({ initial, onBack }: { initial: LandingPage; onBack: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [page, setPage] = useState(initial);
  const [activating, setActivating] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const rules = useRuleCheck(resourceSchema('cms/admin/landing-pages').update);

  /** PUT of one field; the error message for the field when it fails. */
  const savePage = async (field: keyof PageChanges, value: PageChanges[keyof PageChanges]): Promise<string | null> => {
    try {
      setPage(await cmsApi.update(page.id, { [field]: value }));
      notify('landing_page.messages.updated', { type: 'success' });
      return null;
    } catch (error) {
      const message = errorMessage(error, translate('landing_page.messages.update_failed'));
      notify(message, { type: 'error' });
      return fieldErrors(error).find((e) => e.field === field)?.message ?? message;
    }
  };

  const activate = async () => {
    setActivating(true);
    try {
      setPage(await cmsApi.activate(page.id));
      notify('landing_page.messages.activated', { type: 'success' });
    } catch (error) {
      notify(errorMessage(error, translate('landing_page.messages.activate_failed')), { type: 'error' });
    } finally {
      setActivating(false);
    }
  };

  const fields = (specs: FieldSpec[]) =>
    specs.map(({ field, multiline, type, hint }) => {
      const kind = rules.field(field)?.kind;
      const shown = kind === 'integer' || kind === 'number' ? 'number' : kind === 'email' ? 'email' : kind === 'uri' ? 'url' : type;
      return (
        <BlurField
          key={field}
          name={field}
          label={translate(`landing_page.fields.${field}`)}
          value={page[field] as string | number | null}
          type={shown}
          multiline={multiline}
          helperText={hint ? translate(hint) : undefined}
          validate={rules.check(field)}
          onSave={(text) => savePage(field, wireValue(rules.field(field), text))}
          sx={multiline ? { gridColumn: { sm: '1 / -1' } } : undefined}
        />
      );
    });

  return (
    <>
      <PageHeader
        title={page.hero_title || translate('landing_page.untitled')}
        subtitle={translate('landing_page.saves_on_blur')}
        actions={
          <>
            <Button startIcon={<ArrowBackIcon />} onClick={onBack}>
              {translate('landing_page.back')}
            </Button>
            <Button startIcon={<OpenInNewIcon />} href="/" target="_blank" rel="noopener">
              {translate('landing_page.view_site')}
            </Button>
            <Button color="error" startIcon={<DeleteIcon />} onClick={() => setDeleting(true)}>
              {translate('landing_page.delete')}
            </Button>
            {page.is_active ? (
              <Chip color="success" icon={<CheckCircleIcon />} label={translate('landing_page.active')} />
            ) : (
              <Button variant="contained" onClick={() => void activate()} disabled={activating}>
                {translate('landing_page.activate')}
              </Button>
            )}
          </>
        }
      />
      {deleting && (
        <SchemaDeleteConfirm
          config={landingPages}
          record={page}
          onClose={(deleted) => (deleted ? onBack() : setDeleting(false))}
        />
      )}
      {!page.is_active && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('landing_page.inactive_notice')}
        </Alert>
      )}
      <Stack spacing={2}>
        <Section title={translate('landing_page.sections.hero')}>
          <FieldGrid>{fields(HERO)}</FieldGrid>
        </Section>
        <Section title={translate('landing_page.sections.section_titles')}>
          <FieldGrid>{fields(SECTION_TITLES)}</FieldGrid>
        </Section>
        <Section title={translate('landing_page.sections.stats')}>
          <FieldGrid columns={4}>{fields(STATS)}</FieldGrid>
        </Section>
        <FeaturesEditor page={page} setPage={setPage} />
        <TestimonialsEditor page={page} setPage={setPage} />
        <Section title={translate('landing_page.sections.cta')}>
          <FieldGrid>{fields(CTA)}</FieldGrid>
        </Section>
        <Section title={translate('landing_page.sections.footer')}>
          <FieldGrid>{fields(FOOTER)}</FieldGrid>
          <Box sx={{ mt: 2 }}>
            <FieldGrid>
              {SOCIAL_NETWORKS.map((network) => (
                <BlurField
                  key={network}
                  name={`social_${network}`}
                  label={translate(`landing_page.fields.${network}`)}
                  value={page.footer_social_links?.[network] ?? ''}
                  type="url"
                  onSave={(text) => savePage('footer_social_links', { ...page.footer_social_links, [network]: text })}
                />
              ))}
            </FieldGrid>
          </Box>
        </Section>
        <Section title={translate('landing_page.sections.seo')}>
          <FieldGrid>{fields(SEO)}</FieldGrid>
        </Section>
      </Stack>
    </>
  );
}
