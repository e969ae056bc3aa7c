import type { Product } from '@pharmacy/contracts';
import { Text, TextField } from '@radix-ui/themes';
import { useDeferredValue, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { SearchIcon } from '../../../components/icons';
import { useLanguage } from '../../../i18n/use-language';
import { localizedName } from '../../../lib/catalogue';

/** More would only slow typing down; a longer list is narrowed by typing. */
const MAX_OPTIONS = 50;

export interface ProductComboboxProps {
  id: string;
  value: string;
  onChange(productId: string): void;
  products: readonly Product[];
  disabled?: boolean;
  /** Tells the dialog when the list is open, so Escape closes the list rather than the dialog. */
  onListOpenChange?(open: boolean): void;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string | undefined;
  'aria-required'?: boolean | undefined;
}

export function productMatches(product: Product, needle: string): boolean {
  return [product.name, product.nameAr, product.sku, product.barcode, product.genericName, product.brand].some((text) =>
    (text ?? '').toLocaleLowerCase().includes(needle),
  );
}

/**
 * The batch dialog's product field: with hundreds of products a plain select is
 * unusable, so this is a text box that narrows a list as one types (name in
 * either language, SKU, barcode, generic name, brand) — the ARIA combobox pattern.
 */
export function ProductCombobox({
  id,
  value,
  onChange,
  products,
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
  const deferredQuery = useDeferredValue(query);

  const setOpen = (next: boolean) => {
    setOpenState(next);
    onListOpenChange?.(next);
  };

  const label = (product: Product) => `${localizedName(product.name, product.nameAr, language)} · ${product.sku}`;
  const selected = products.find((product) => product.id === value);

  const options = useMemo(() => {
    const needle = (deferredQuery ?? '').trim().toLocaleLowerCase();
    const matching = needle === '' ? products : products.filter((product) => productMatches(product, needle));
    return matching.slice(0, MAX_OPTIONS);
  }, [products, deferredQuery]);

  const choose = (product: Product) => {
    onChange(product.id);
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
        value={query ?? (selected ? label(selected) : '')}
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
          className="combobox-list"
          aria-label={intl.formatMessage({ id: 'inventory.batchForm.productOptions' })}
        >
          {options.length === 0 ? (
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
