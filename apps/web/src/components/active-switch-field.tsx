import { Box, Flex, Switch, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { Controller, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';

export interface ActiveSwitchFieldProps<Values extends FieldValues, Transformed extends FieldValues> {
  control: Control<Values, unknown, Transformed>;
  /** A boolean field; an unset value reads as on. */
  name: FieldPathByValue<Values, boolean | undefined>;
  disabled: boolean;
  label: ReactNode;
  hint: ReactNode;
}

/** A labelled on/off switch bound to a form field, with a hint under its label. */
export function ActiveSwitchField<Values extends FieldValues, Transformed extends FieldValues>({
  control,
  name,
  disabled,
  label,
  hint,
}: ActiveSwitchFieldProps<Values, Transformed>) {
  return (
    <Text as="label" size="2" mt="4" style={{ display: 'block' }}>
      <Flex gap="3" align="center">
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <Switch
              checked={(field.value as boolean | undefined) ?? true}
              onCheckedChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              disabled={disabled}
            />
          )}
        />
        <Box>
          <Text weight="medium" as="div">
            {label}
          </Text>
          <Text color="gray" size="1" as="div">
            {hint}
          </Text>
        </Box>
      </Flex>
    </Text>
  );
}
