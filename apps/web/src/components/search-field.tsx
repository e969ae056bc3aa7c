import { TextField } from '@radix-ui/themes';
import type { ComponentProps } from 'react';
import { SearchIcon } from './icons';

type SearchFieldProps = Omit<ComponentProps<typeof TextField.Root>, 'type' | 'value' | 'onChange' | 'children'> & {
  value: string;
  /** The text as typed, on every change. */
  onValueChange(value: string): void;
  /** Its name for assistive technology; also the placeholder unless one is given. */
  label: string;
};

/** A search box: a search input with the magnifier at its start (the right in Arabic), named for screen readers. */
export function SearchField({ value, onValueChange, label, placeholder, ...rest }: SearchFieldProps) {
  return (
    <TextField.Root
      type="search"
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
      placeholder={placeholder ?? label}
      aria-label={label}
      {...rest}
    >
      <TextField.Slot>
        <SearchIcon />
      </TextField.Slot>
    </TextField.Root>
  );
}
