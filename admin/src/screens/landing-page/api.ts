import type { components } from '../../../../openapi/schema';
import { api } from '../../providers/httpClient';

export type LandingPage = components['schemas']['LandingPageDto'];
export type LandingFeature = components['schemas']['LandingFeatureDto'];
export type Testimonial = components['schemas']['TestimonialDto'];
export type PageChanges = components['schemas']['UpdateLandingPageDto'];
export type NewFeature = components['schemas']['CreateLandingFeatureDto'];
export type FeatureChanges = components['schemas']['UpdateLandingFeatureDto'];
export type NewTestimonial = components['schemas']['CreateTestimonialDto'];
export type TestimonialChanges = components['schemas']['UpdateTestimonialDto'];

const PAGES = '/cms/admin/landing-pages';

/** The landing-page administration calls (platform.md 7). */
export const cmsApi = {
  list: async () =>
    (await api.get<LandingPage[]>(`${PAGES}?${new URLSearchParams({ sort: '["created_at","DESC"]', range: '[0,99]' })}`))
      .json,
  get: async (id: number) => (await api.get<LandingPage>(`${PAGES}/${id}`)).json,
  create: async () => (await api.post<LandingPage>(PAGES, {})).json,
  update: async (id: number, changes: PageChanges) => (await api.put<LandingPage>(`${PAGES}/${id}`, changes)).json,
  activate: async (id: number) => (await api.post<LandingPage>(`${PAGES}/${id}/activate`)).json,
  remove: (id: number) => api.delete(`${PAGES}/${id}`),
  addFeature: async (pageId: number, feature: NewFeature) =>
    (await api.post<LandingFeature>(`${PAGES}/${pageId}/features`, feature)).json,
  updateFeature: async (id: number, changes: FeatureChanges) =>
    (await api.put<LandingFeature>(`/cms/admin/features/${id}`, changes)).json,
  removeFeature: (id: number) => api.delete(`/cms/admin/features/${id}`),
  addTestimonial: async (pageId: number, testimonial: NewTestimonial) =>
    (await api.post<Testimonial>(`${PAGES}/${pageId}/testimonials`, testimonial)).json,
  updateTestimonial: async (id: number, changes: TestimonialChanges) =>
    (await api.put<Testimonial>(`/cms/admin/testimonials/${id}`, changes)).json,
  removeTestimonial: (id: number) => api.delete(`/cms/admin/testimonials/${id}`),
};

/** A field's text as typed → the value sent: numbers for number fields (the server names a bad one). */
export const toWire = (text: string, numeric: boolean): string | number =>
  numeric && /^-?\d+$/.test(text.trim()) ? Number(text.trim()) : text;
