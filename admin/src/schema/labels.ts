import '../resources/messages.en';
import { useTranslate } from 'react-admin';
import { fieldWords, humanize } from './derive';

/**
 * Labels from the catalogue by resource and field (`resources.<name>.fields.<field>`, react-admin's
 * own convention), the field in words where the catalogue has none.
 */
export const useLabels = (resource: string) => {
  const translate = useTranslate();
  const field = (source: string) => translate(`resources.${resource}.fields.${source}`, { _: fieldWords(source) });
  const help = (source: string) => translate(`resources.${resource}.help.${source}`, { _: '' });
  // a value that is already words (an industry: 'Real Estate') reads as it is; a code (on_leave) in words
  const words = (value: string) => (/^[A-Z][a-z]*( [A-Z][a-z]*)*$/.test(value) ? value : humanize(value));
  const choice = (source: string, value: string | number) =>
    translate(`resources.${resource}.enums.${source}.${value}`, {
      _: translate(`enums.${source}.${value}`, { _: translate(`enums.${value}`, { _: words(String(value)) }) }),
    });
  const text = (key: string, options: Record<string, unknown> = {}) =>
    translate(`resources.${resource}.${key}`, { ...options, _: translate(`schema.${key}`, options) });
  return { field, help, choice, text, translate };
};
