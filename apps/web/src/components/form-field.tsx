import { Box, Text } from '@radix-ui/themes';
import { useId, type ReactNode } from 'react';

export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
  'aria-required': boolean | undefined;
}

/**
 * A label, its control and the control's message, wired for screen readers.
 * The control is a render prop so any input (text field, select) gets the ids.
 */
export function FormField({
  label,
  error,
  hint,
  required,
  children,
}: {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean;
  children(props: FieldControlProps): ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = error ? errorId : hint ? hintId : undefined;
  return (
    <Box>
      <Text as="label" htmlFor={id} size="2" weight="medium" mb="1" style={{ display: 'block' }}>
        {label}
        {required && (
          <Text color="red" aria-hidden="true">
            {' *'}
          </Text>
        )}
      </Text>
      {children({
        id,
        'aria-invalid': Boolean(error),
        'aria-describedby': describedBy,
        'aria-required': required || undefined,
      })}
      {hint && !error && (
        <Text as="p" id={hintId} size="1" color="gray" className="form-field-message">
          {hint}
        </Text>
      )}
      {error && (
        <Text as="p" id={errorId} size="1" color="red" className="form-field-message">
          {error}
        </Text>
      )}
    </Box>
  );
}
