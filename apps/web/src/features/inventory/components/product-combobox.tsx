import { productSchema, type Product } from '@pharmacy/contracts';
import { Spinner, Text, TextField } from '@radix-ui/themes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { SearchIcon } from '../../../components/icons';
import { useLanguage } from '../../../i18n/use-language';
import { localizedName, productSearchQueryOptions } from '../../../lib/catalogue';
import { useServerPage } from '../../../lib/server-page';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/list-search';

/** The first products by name, before the user types enough to search; more would only slow the list down. */
const FIRST_OPTIONS = 50;
/** From this many characters the server searches (name in both languages, SKU, barcode, generic name, brand). */
export const SEARCH_FROM_CHARACTERS = 2;

/** What the box shows for the chosen product: the batch being edited, a scanned pack or the option picked. */
export interface ProductChoice {
  id: string;
  name: string;
  nameAr: string | null;
  sku: string;
}

export interface ProductComboboxProps {
  id: string;
  /** The chosen product's id ('' for none). */
  value: string;
  /** The chosen product, to name it in the box without loading the catalogue. */
  selected: ProductChoice | null;
  onChange(product: Product): void;
  /** Listed even when no longer on sale (the batch being edited keeps its product). */
  keepProductId?: string | null;
  disabled?: boolean;
  /** Tells the dialog when the list is open, so Escape closes the list rather than the dialog. */
  onListOpenChange?(open: boolean): void;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string | undefined;
  'aria-required'?: boolean | undefined;
}

/**
 * The batch dialog's product field: with 20,000 products a plain select is
 * unusable, so this is a text box (the ARIA combobox pattern) whose list the
 * server fills: the first products by name, and from two characters typed its
 * product search (name in either language, SKU, barcode, generic name, brand;
 * exact codes first). New stock is only received for products on sale.
 */
export function ProductCombobox({
  id,
  value,
  selected,
  onChange,
  keepProductId = null,
  disabled,
  onListOpenChange,
  ...aria
}: ProductComboboxProps) {
  const intl = useIntl();
  const { language } = useLanguage();
  const listId = useId();
  /** null: not typing, the box shows the chosen product. */
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpenState] = useState(false);
  const [active, setActive] = useState(0);
  const setOpen = (next: boolean) => {
    setOpenState(next);
    onListOpenChange?.(next);
  };

  const text = (query ?? '').trim();
  const typed = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  // From two characters the list is the search's (the first page is not shown while typing pauses).
  const wantsSearch = text.length >= SEARCH_FROM_CHARACTERS;
  const searching = typed.length >= SEARCH_FROM_CHARACTERS;
  const first = useServerPage(productSchema, {
    path: '/api/products',
    page: 1,
    pageSize: FIRST_OPTIONS,
    sort: 'name',
    enabled: open && !wantsSearch,
  });
  const search = useQuery({
    ...productSearchQueryOptions(typed),
    enabled: open && searching,
    // The last answer stays while the next search runs, rather than the list blinking empty.
    placeholderData: keepPreviousData,
  });
  const source = wantsSearch ? search : first;

  const label = (product: ProductChoice) => `${localizedName(product.name, product.nameAr, language)} · ${product.sku}`;
  const shown = selected && selected.id === value ? selected : null;

  const found = wantsSearch ? (searching ? search.data : undefined) : first.data?.rows;
  const options = useMemo(
    () => (found ?? []).filter((product) => product.isActive || product.id === keepProductId),
    [found, keepProductId],
  );
  // Typing ahead of the answer: the list waits for the search of what is typed now.
  const waiting = wantsSearch ? typed !== text || search.isFetching : first.isPending;

  const choose = (product: Product) => {
    onChange(product);
    setQuery(null);
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) setOpen(true);
        else setActive((index) => Math.min(index + 1, options.length - 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        setActive((index) => Math.max(index - 1, 0));
        break;
      case 'Enter': {
        // Enter picks the highlighted product instead of submitting the form.
        const product = options[active];
        if (open && product) {
          event.preventDefault();
          choose(product);
        }
        break;
      }
      case 'Escape':
        if (open) {
          setOpen(false);
          setQuery(null);
        }
        break;
    }
  };

  const activeId = open && options[active] ? `${listId}-${options[active].id}` : undefined;

  return (
    <div className="combobox">
      <TextField.Root
        id={id}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeId}
        {...aria}
        value={query ?? (shown ? label(shown) : '')}
        placeholder={intl.formatMessage({ id: 'inventory.batchForm.productPlaceholder' })}
        disabled={disabled}
        autoComplete="off"
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
          if (!open) setOpen(true);
        }}
        onFocus={(event) => event.target.select()}
        onClick={() => setOpen(true)}
        onBlur={() => {
          setOpen(false);
          setQuery(null);
        }}
        onKeyDown={onKeyDown}
      >
        <TextField.Slot>
          <SearchIcon />
        </TextField.Slot>
      </TextField.Root>
      {open && (
        <ul
          id={listId}
          role="listbox"
          aria-busy={waiting || undefined}
          className="combobox-list"
          aria-label={intl.formatMessage({ id: 'inventory.batchForm.productOptions' })}
        >
          {source.isError ? (
            <li className="combobox-empty" role="presentation">
              <Text size="2" color="red">
                <FormattedMessage id="inventory.error.fetchProducts" />
              </Text>
            </li>
          ) : waiting && options.length === 0 ? (
            <li className="combobox-empty" role="presentation">
              <Text size="2" color="gray" as="div">
                <Spinner size="1" /> <FormattedMessage id="common.loading" />
              </Text>
            </li>
          ) : options.length === 0 ? (
            <li className="combobox-empty" role="presentation">
              <Text size="2" color="gray">
                <FormattedMessage id="inventory.batchForm.noProducts" />
              </Text>
            </li>
          ) : (
            options.map((product, index) => (
              <li
                key={product.id}
                id={`${listId}-${product.id}`}
                role="option"
                aria-selected={product.id === value}
                data-active={index === active || undefined}
                className="combobox-option"
                // Keeps focus in the box, so the blur above does not close the list before the click lands.
                onMouseDown={(event) => event.preventDefault()}
                onMouseEnter={() => setActive(index)}
                onClick={() => choose(product)}
              >
                <Text size="2" as="div">
                  <bdi>{localizedName(product.name, product.nameAr, language)}</bdi>
                </Text>
                <Text size="1" color="gray" as="div">
                  <span className="code-value">
                    {product.sku}
                    {product.barcode ? ` · ${product.barcode}` : ''}
                  </span>
                </Text>
              </li>
            ))
          )}
        </ul>
      )}
    </div>
  );
}
