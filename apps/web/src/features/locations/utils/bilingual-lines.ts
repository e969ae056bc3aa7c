import type { Language } from '../../../i18n/languages';

export interface BilingualLine {
  text: string;
  /** Set only on the Arabic value; the main value may be in any script. */
  lang?: 'ar';
}

/**
 * The card shows both the main and the Arabic value (specification §2); in the
 * Arabic interface the Arabic value leads when there is one.
 */
export function bilingualLines(
  main: string,
  arabic: string | null,
  language: Language,
): { primary: BilingualLine; secondary: BilingualLine | null } {
  const arabicLine: BilingualLine | null = arabic ? { text: arabic, lang: 'ar' } : null;
  const mainLine: BilingualLine = { text: main };
  if (language === 'ar' && arabicLine) return { primary: arabicLine, secondary: mainLine };
  return { primary: mainLine, secondary: arabicLine };
}
