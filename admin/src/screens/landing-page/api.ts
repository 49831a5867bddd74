import type { components } from '../../../../openapi/schema';
import { apiData, client } from '../../providers/apiClient';

export type LandingPage = components['schemas']['LandingPageDto'];
export type LandingFeature = components['schemas']['LandingFeatureDto'];
export type Testimonial = components['schemas']['TestimonialDto'];
export type PageChanges = components['schemas']['UpdateLandingPageDto'];
export type NewFeature = components['schemas']['CreateLandingFeatureDto'];
export type FeatureChanges = components['schemas']['UpdateLandingFeatureDto'];
export type NewTestimonial = components['schemas']['CreateTestimonialDto'];
export type TestimonialChanges = components['schemas']['UpdateTestimonialDto'];

const one = (id: number) => ({ params: { path: { id } } });

/** The landing-page administration calls (platform.md 7), through the typed client. */
export const cmsApi = {
  list: () =>
    apiData<LandingPage[]>(
      client.GET('/api/cms/admin/landing-pages', { params: { query: { sort: JSON.stringify(['created_at', 'DESC']), range: JSON.stringify([0, 99]) } } }),
    ),
  get: (id: number) => apiData<LandingPage>(client.GET('/api/cms/admin/landing-pages/{id}', one(id))),
  create: () => apiData<LandingPage>(client.POST('/api/cms/admin/landing-pages', { body: {} })),
  update: (id: number, changes: PageChanges) => apiData<LandingPage>(client.PUT('/api/cms/admin/landing-pages/{id}', { ...one(id), body: changes })),
  activate: (id: number) => apiData<LandingPage>(client.POST('/api/cms/admin/landing-pages/{id}/activate', one(id))),
  remove: (id: number) => client.DELETE('/api/cms/admin/landing-pages/{id}', one(id)),
  addFeature: (pageId: number, feature: NewFeature) =>
    apiData<LandingFeature>(client.POST('/api/cms/admin/landing-pages/{id}/features', { ...one(pageId), body: feature })),
  updateFeature: (id: number, changes: FeatureChanges) => apiData<LandingFeature>(client.PUT('/api/cms/admin/features/{id}', { ...one(id), body: changes })),
  removeFeature: (id: number) => client.DELETE('/api/cms/admin/features/{id}', one(id)),
  addTestimonial: (pageId: number, testimonial: NewTestimonial) =>
    apiData<Testimonial>(client.POST('/api/cms/admin/landing-pages/{id}/testimonials', { ...one(pageId), body: testimonial })),
  updateTestimonial: (id: number, changes: TestimonialChanges) =>
    apiData<Testimonial>(client.PUT('/api/cms/admin/testimonials/{id}', { ...one(id), body: changes })),
  removeTestimonial: (id: number) => client.DELETE('/api/cms/admin/testimonials/{id}', one(id)),
};
