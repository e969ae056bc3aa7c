import ar from './ar.json';
import en from './en.json';
import type { Language } from './languages';

/** English is the reference catalogue: every id must exist there (and a test checks Arabic has the same ids). */
export type MessageId = keyof typeof en;

export const catalogues: Record<Language, Record<string, string>> = { en, ar };

// Lets TypeScript reject an unknown id in `formatMessage({ id })` and `<FormattedMessage id>`.
declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
}
