import { useState, type Dispatch, type FormEvent, type SetStateAction } from 'react';
import { Box, Button, Card, CardContent, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { errorMessage, fieldErrors } from '../../providers/httpClient';
import { actionSchema } from '../../schema/schema';
import { useRuleCheck, wireValue } from '../../schema/useRuleCheck';
import { cmsApi, type FeatureChanges, type LandingFeature, type LandingPage } from './api';
import { BlurField } from './BlurField';
import { FieldGrid, Section } from './Section';

const byOrder = (a: LandingFeature, b: LandingFeature) => a.order_index - b.order_index || a.id - b.id;

/** The page's features: edit each field on blur, add, delete with confirmation. */
export function FeaturesEditor({ page, setPage }: { page: LandingPage; setPage: Dispatch<SetStateAction<LandingPage>> }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [deleting, setDeleting] = useState<LandingFeature | null>(null);
  const rules = useRuleCheck(actionSchema('PUT cms/admin/features/{id}'));

  const replace = (feature: LandingFeature) =>
    setPage((p) => ({ ...p, features: p.features.map((f) => (f.id === feature.id ? feature : f)).sort(byOrder) }));

  const save = async (feature: LandingFeature, field: keyof FeatureChanges, text: string): Promise<string | null> => {
    try {
      replace(await cmsApi.updateFeature(feature.id, { [field]: wireValue(rules.field(field), text) }));
      notify('landing_page.messages.feature_updated', { type: 'success' });
      return null;
    } catch (error) {
      const message = errorMessage(error, translate('landing_page.messages.feature_update_failed'));
      notify(message, { type: 'error' });
      return fieldErrors(error).find((e) => e.field === field)?.message ?? message;
    }
  };

  const remove = async () => {
    const feature = deleting;
    setDeleting(null);
    if (!feature) return;
    try {
      await cmsApi.removeFeature(feature.id);
      setPage((p) => ({ ...p, features: p.features.filter((f) => f.id !== feature.id) }));
      notify('landing_page.messages.feature_deleted', { type: 'success' });
    } catch (error) {
      notify(errorMessage(error, translate('landing_page.messages.feature_delete_failed')), { type: 'error' });
    }
  };

  return (
    <Section title={translate('landing_page.sections.features')}>
      <Stack spacing={2}>
        {page.features.length === 0 && <Typography color="text.secondary">{translate('landing_page.no_features')}</Typography>}
        {page.features.map((feature) => (
          <Card key={feature.id} variant="outlined" data-testid="feature-row">
            <CardContent sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
              <Box sx={{ flex: 1 }}>
                <FieldGrid columns={4}>
                  <BlurField
                    label={translate('landing_page.fields.title')}
                    value={feature.title}
                    required
                    validate={rules.check('title')}
                    onSave={(text) => save(feature, 'title', text)}
                  />
                  <BlurField
                    label={translate('landing_page.fields.icon_name')}
                    value={feature.icon_name}
                    validate={rules.check('icon_name')}
                    onSave={(text) => save(feature, 'icon_name', text)}
                  />
                  <BlurField
                    label={translate('landing_page.fields.order_index')}
                    value={feature.order_index}
                    type="number"
                    validate={rules.check('order_index')}
                    onSave={(text) => save(feature, 'order_index', text)}
                  />
                  <BlurField
                    label={translate('landing_page.fields.image_url')}
                    value={feature.image_url}
                    type="url"
                    validate={rules.check('image_url')}
                    onSave={(text) => save(feature, 'image_url', text)}
                  />
                  <BlurField
                    label={translate('landing_page.fields.description')}
                    value={feature.description}
                    multiline
                    validate={rules.check('description')}
                    onSave={(text) => save(feature, 'description', text)}
                    sx={{ gridColumn: '1 / -1' }}
                  />
                </FieldGrid>
              </Box>
              <Tooltip title={translate('landing_page.delete')}>
                <IconButton
                  aria-label={`${translate('landing_page.delete')} ${feature.title}`}
                  color="error"
                  onClick={() => setDeleting(feature)}
                >
                  <DeleteIcon />
                </IconButton>
              </Tooltip>
            </CardContent>
          </Card>
        ))}
        <NewFeatureForm
          onCreated={(feature) => setPage((p) => ({ ...p, features: [...p.features, feature].sort(byOrder) }))}
          pageId={page.id}
        />
      </Stack>
      <Confirm
        isOpen={!!deleting}
        title={translate('landing_page.confirm_delete_feature_title')}
        content={translate('landing_page.confirm_delete_feature', { title: deleting?.title ?? '' })}
        onConfirm={() => void remove()}
        onClose={() => setDeleting(null)}
      />
    </Section>
  );
}

function NewFeatureForm({ pageId, onCreated }: { pageId: number; onCreated: (feature: LandingFeature) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [title, setTitle] = useState('');
  const [iconName, setIconName] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const rules = useRuleCheck(actionSchema('POST cms/admin/landing-pages/{id}/features'));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const broken = rules.checkAll({ title, icon_name: iconName, description });
    setErrors(broken);
    if (Object.keys(broken).length) return;
    setSaving(true);
    try {
      onCreated(await cmsApi.addFeature(pageId, { title, icon_name: iconName || undefined, description: description || undefined }));
      notify('landing_page.messages.feature_created', { type: 'success' });
      setTitle('');
      setIconName('');
      setDescription('');
      setErrors({});
    } catch (error) {
      notify(errorMessage(error, translate('landing_page.messages.feature_create_failed')), { type: 'error' });
      setErrors(Object.fromEntries(fieldErrors(error).map((e) => [e.field, e.message])));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box component="form" onSubmit={(e) => void submit(e)} aria-label={translate('landing_page.add_feature')} noValidate>
      <FieldGrid columns={4}>
        <TextField
          label={translate('landing_page.fields.title')}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          required
          size="small"
          error={!!errors.title}
          helperText={errors.title}
        />
        <TextField
          label={translate('landing_page.fields.icon_name')}
          value={iconName}
          onChange={(e) => setIconName(e.target.value)}
          size="small"
          error={!!errors.icon_name}
          helperText={errors.icon_name ?? translate('landing_page.hints.icon_name')}
        />
        <TextField
          label={translate('landing_page.fields.description')}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          size="small"
          error={!!errors.description}
          helperText={errors.description}
        />
        <Box>
          <Button type="submit" variant="outlined" startIcon={<AddIcon />} disabled={saving}>
            {translate('landing_page.add_feature')}
          </Button>
        </Box>
      </FieldGrid>
    </Box>
  );
}
