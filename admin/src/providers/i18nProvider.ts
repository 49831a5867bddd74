import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import { messages } from '../i18n/en';

type Messages = { [key: string]: string | Messages };

const LOCALES = [{ locale: 'en', name: 'English' }];
const OPTIONS = { allowMissing: true };

/** English only; react-admin's own texts plus the app's (src/i18n/en.ts). */
const base = polyglotI18nProvider(() => ({ ...englishMessages, ...messages }), 'en', LOCALES, OPTIONS);

// the texts of lazily loaded screens, added when their module loads (addMessages)
const lazyMessages: Messages = {};
const lazyKeys = new Set<string>();
let lazy: I18nProvider | null = null;

function merge(target: Messages, source: Messages, prefix: string): void {
  for (const [key, value] of Object.entries(source)) {
    const path = prefix + key;
    if (typeof value === 'string') {
      target[key] = value;
      lazyKeys.add(path);
    } else {
      const into = typeof target[key] === 'object' ? (target[key] as Messages) : (target[key] = {});
      merge(into, value, `${path}.`);
    }
  }
}

/**
 * Registers the texts of a screen that is loaded on demand, from that screen's module, so they
 * stay out of the console's first download. Keys the first screens use stay in src/i18n/en.ts.
 */
export function addMessages(messages: Messages): void {
  merge(lazyMessages, messages, '');
  lazy = polyglotI18nProvider(() => lazyMessages as unknown as TranslationMessages, 'en', LOCALES, OPTIONS);
}

export const i18nProvider: I18nProvider = {
  ...base,
  translate: (key, options) => (lazy && lazyKeys.has(key) ? lazy.translate(key, options) : base.translate(key, options)),
};
