import { Box, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';

/**
 * A field's visible label above its control. The control carries the same
 * words as its accessible name, so the label is hidden from screen readers
 * rather than read twice.
 */
export function Filter({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <Box minWidth="0">
      <Text as="div" size="1" weight="medium" color="gray" mb="1" aria-hidden="true">
        {label}
      </Text>
      {children}
    </Box>
  );
}
