import { createIntl } from 'react-intl';
import type { Language } from '../i18n/languages';
import type { MessageId } from '../i18n/messages';
import { csvOf, type CsvColumn } from '../lib/csv-export';

/**
 * The CSV of `rows` in `columns`, with the headings and words of `messages`
 * (only the ids the columns use), as the export would write it in `language`.
 */
export function csvIn<Row>(
  rows: readonly Row[],
  columns: readonly CsvColumn<Row>[],
  messages: Partial<Record<MessageId, string>>,
  language: Language = 'en',
): string {
  const intl = createIntl({ locale: language, messages: messages as Record<string, string> });
  return csvOf(rows, columns, { intl, language });
}
