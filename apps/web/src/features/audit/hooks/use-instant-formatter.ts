import { useCallback } from 'react';
import { useIntl } from 'react-intl';

/**
 * An instant with its seconds, in the reader's language and time zone: an
 * auditor compares when things happened with when they were written.
 */
export function useInstantFormatter(): (instant: string) => string {
  const intl = useIntl();
  return useCallback(
    (instant: string) => intl.formatDate(instant, { dateStyle: 'medium', timeStyle: 'medium' }),
    [intl],
  );
}
