import { describe, expect, it } from 'vitest';
import { addMessages, i18nProvider } from './i18nProvider';

describe('i18nProvider', () => {
  it("answers the app's and react-admin's texts", () => {
    expect(i18nProvider.translate('ra.action.save')).toBe('Save');
    expect(i18nProvider.translate('app.retry')).toBe('Retry');
  });

  it('answers the texts a lazily loaded screen adds, with interpolation and plurals, beside the others', () => {
    expect(i18nProvider.translate('zz_lazy.days', { smart_count: 2 })).toBe('zz_lazy.days');
    addMessages({ zz_lazy: { days: '%{smart_count} day |||| %{smart_count} days', nested: { hello: 'Hello %{name}' } } });
    addMessages({ zz_lazy: { other: 'Other' } });
    expect(i18nProvider.translate('zz_lazy.days', { smart_count: 1 })).toBe('1 day');
    expect(i18nProvider.translate('zz_lazy.days', { smart_count: 3 })).toBe('3 days');
    expect(i18nProvider.translate('zz_lazy.nested.hello', { name: 'Ann' })).toBe('Hello Ann');
    expect(i18nProvider.translate('zz_lazy.other')).toBe('Other');
    expect(i18nProvider.translate('app.retry')).toBe('Retry');
    expect(i18nProvider.translate('zz_lazy.missing', { _: 'Fallback' })).toBe('Fallback');
  });
});
