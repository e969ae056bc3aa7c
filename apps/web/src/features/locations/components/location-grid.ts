import type { GridProps } from '@radix-ui/themes';

/** Specification §2: one column on phones, two from 768 px, three from 1024 px. */
export const LOCATION_GRID_COLUMNS: GridProps['columns'] = { initial: '1', sm: '2', md: '3' };
