import { useState, type Dispatch, type FormEvent, type SetStateAction } from 'react';
import { Box, Button, Card, CardContent, IconButton, Rating, Stack, TextField, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { errorMessage, fieldErrors } from '../../providers/httpClient';
import { actionSchema } from '../../schema/schema';
import { useRuleCheck, wireValue } from '../../schema/useRuleCheck';
import { cmsApi, type LandingPage, type Testimonial, type TestimonialChanges } from './api';
import { BlurField } from './BlurField';
import { FieldGrid, Section } from './Section';

const TEXT_FIELDS = ['client_name', 'client_position', 'client_company', 'client_avatar_url'] as const;

/** The page's testimonials: rating out of 5, quote and client; edit on blur, add, delete with confirmation. */
export function TestimonialsEditor({ page, setPage }: { page: LandingPage; setPage: Dispatch<SetStateAction<LandingPage>> }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [deleting, setDeleting] = useState<Testimonial | null>(null);
  const rules = useRuleCheck(actionSchema('PUT cms/admin/testimonials/{id}'));

  const save = async (
    testimonial: Testimonial,
    field: keyof TestimonialChanges,
    value: string | number | null,
  ): Promise<string | null> => {
    try {
      const updated = await cmsApi.updateTestimonial(testimonial.id, { [field]: value });
      setPage((p) => ({ ...p, testimonials: p.testimonials.map((t) => (t.id === updated.id ? updated : t)) }));
      notify('landing_page.messages.testimonial_updated', { type: 'success' });
      return null;
    } catch (error) {
      const message = errorMessage(error, translate('landing_page.messages.testimonial_update_failed'));
      notify(message, { type: 'error' });
      return fieldErrors(error).find((e) => e.field === field)?.message ?? message;
    }
  };

  const remove = async () => {
    const testimonial = deleting;
    setDeleting(null);
    if (!testimonial) return;
    try {
      await cmsApi.removeTestimonial(testimonial.id);
      setPage((p) => ({ ...p, testimonials: p.testimonials.filter((t) => t.id !== testimonial.id) }));
      notify('landing_page.messages.testimonial_deleted', { type: 'success' });
    } catch (error) {
      notify(errorMessage(error, translate('landing_page.messages.testimonial_delete_failed')), { type: 'error' });
    }
  };

  return (
    <Section title={translate('landing_page.sections.testimonials')}>
      <Stack spacing={2}>
        {page.testimonials.length === 0 && (
          <Typography color="text.secondary">{translate('landing_page.no_testimonials')}</Typography>
        )}
        {page.testimonials.map((testimonial) => (
          <Card key={testimonial.id} variant="outlined" data-testid="testimonial-row">
            <CardContent sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
              <Stack spacing={2} sx={{ flex: 1 }}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <Typography component="legend" variant="body2" color="text.secondary">
                    {translate('landing_page.fields.rating')}
                  </Typography>
                  <Rating
                    name={`rating-${testimonial.id}`}
                    value={testimonial.rating}
                    onChange={(_, value) => {
                      if (value) void save(testimonial, 'rating', value);
                    }}
                  />
                </Box>
                <BlurField
                  label={translate('landing_page.fields.testimonial_text')}
                  value={testimonial.testimonial_text}
                  multiline
                  required
                  validate={rules.check('testimonial_text')}
                  onSave={(text) => save(testimonial, 'testimonial_text', text)}
                />
                <FieldGrid columns={4}>
                  {TEXT_FIELDS.map((field) => (
                    <BlurField
                      key={field}
                      label={translate(`landing_page.fields.${field}`)}
                      value={testimonial[field]}
                      type={field === 'client_avatar_url' ? 'url' : 'text'}
                      required={field === 'client_name'}
                      validate={rules.check(field)}
                      onSave={(text) => save(testimonial, field, wireValue(rules.field(field), text))}
                    />
                  ))}
                </FieldGrid>
              </Stack>
              <Tooltip title={translate('landing_page.delete')}>
                <IconButton
                  aria-label={`${translate('landing_page.delete')} ${testimonial.client_name}`}
                  color="error"
                  onClick={() => setDeleting(testimonial)}
                >
                  <DeleteIcon />
                </IconButton>
              </Tooltip>
            </CardContent>
          </Card>
        ))}
        <NewTestimonialForm
          pageId={page.id}
          onCreated={(testimonial) => setPage((p) => ({ ...p, testimonials: [...p.testimonials, testimonial] }))}
        />
      </Stack>
      <Confirm
        isOpen={!!deleting}
        title={translate('landing_page.confirm_delete_testimonial_title')}
        content={translate('landing_page.confirm_delete_testimonial', { name: deleting?.client_name ?? '' })}
        onConfirm={() => void remove()}
        onClose={() => setDeleting(null)}
      />
    </Section>
  );
}

const EMPTY = { testimonial_text: '', client_name: '', client_position: '', client_company: '' };

function NewTestimonialForm({ pageId, onCreated }: { pageId: number; onCreated: (t: Testimonial) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [values, setValues] = useState(EMPTY);
  const [rating, setRating] = useState(5);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const rules = useRuleCheck(actionSchema('POST cms/admin/landing-pages/{id}/testimonials'));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const broken = rules.checkAll(values);
    setErrors(broken);
    if (Object.keys(broken).length) return;
    setSaving(true);
    try {
      onCreated(
        await cmsApi.addTestimonial(pageId, {
          rating,
          testimonial_text: values.testimonial_text,
          client_name: values.client_name,
          client_position: values.client_position || undefined,
          client_company: values.client_company || undefined,
        }),
      );
      notify('landing_page.messages.testimonial_created', { type: 'success' });
      setValues(EMPTY);
      setRating(5);
      setErrors({});
    } catch (error) {
      notify(errorMessage(error, translate('landing_page.messages.testimonial_create_failed')), { type: 'error' });
      setErrors(Object.fromEntries(fieldErrors(error).map((e) => [e.field, e.message])));
    } finally {
      setSaving(false);
    }
  };

  const input = (field: keyof typeof EMPTY, required = false, multiline = false) => (
    <TextField
      label={translate(`landing_page.fields.${field}`)}
      value={values[field]}
      onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value }))}
      required={required}
      multiline={multiline}
      size="small"
      fullWidth
      error={!!errors[field]}
      helperText={errors[field]}
    />
  );

  return (
    <Box component="form" onSubmit={(e) => void submit(e)} aria-label={translate('landing_page.add_testimonial')} noValidate>
      <Stack spacing={2}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography component="legend" variant="body2" color="text.secondary">
            {translate('landing_page.fields.rating')}
          </Typography>
          <Rating name="new-testimonial-rating" value={rating} onChange={(_, value) => setRating(value ?? 5)} />
        </Box>
        {input('testimonial_text', true, true)}
        <FieldGrid columns={4}>
          {input('client_name', true)}
          {input('client_position')}
          {input('client_company')}
          <Box>
            <Button type="submit" variant="outlined" startIcon={<AddIcon />} disabled={saving}>
              {translate('landing_page.add_testimonial')}
            </Button>
          </Box>
        </FieldGrid>
      </Stack>
    </Box>
  );
}
