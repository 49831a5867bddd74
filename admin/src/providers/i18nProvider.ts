import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { messages } from '../i18n/en';

/** English only; react-admin's own texts plus the app's (src/i18n/en.ts). */
export const i18nProvider = polyglotI18nProvider(
  () => ({ ...englishMessages, ...messages }),
  'en',
  [{ locale: 'en', name: 'English' }],
  { allowMissing: true },
);
