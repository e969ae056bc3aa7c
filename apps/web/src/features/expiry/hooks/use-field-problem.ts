import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { translateValidationMessage } from '../../../lib/validation-message';
import type { FieldProblem } from '../utils/expiry-forms';

/** A field's problem in the reader's language. */
export function useFieldProblem(): (problem: FieldProblem | undefined) => string | undefined {
  const intl = useIntl();
  return useCallback(
    (problem) =>
      problem === undefined
        ? undefined
        : typeof problem === 'string'
          ? translateValidationMessage(intl, problem)
          : intl.formatMessage(problem, problem.values),
    [intl],
  );
}
