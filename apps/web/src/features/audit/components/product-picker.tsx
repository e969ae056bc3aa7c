import type { Product } from '@pharmacy/contracts';
import { IconButton, Text, TextField } from '@radix-ui/themes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDeferredValue, useId, useState, type KeyboardEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { CloseIcon, SearchIcon } from '../../../components/icons';
import { useLanguage } from '../../../i18n/use-language';
import { localizedName, productSearchQueryOptions } from '../../../lib/catalogue';

/** A product chosen from a search, with what to show for it. */
export interface ChosenProduct {
  id: string;
  name: string;
  nameAr: string | null;
  sku: string;
}

const MAX_OPTIONS = 20;

export function chosenProduct(product: Pick<Product, 'id' | 'name' | 'nameAr' | 'sku'>): ChosenProduct {
  return { id: product.id, name: product.name, nameAr: product.nameAr, sku: product.sku };
}

/**
 * A product by name (either language), SKU or barcode, searched on the server
 * as one types (GET /api/products/search) — the ARIA combobox pattern. The
 * clear button goes back to "any product".
 */
export function ProductPicker({
  value,
  onChange,
  label,
}: {
  value: ChosenProduct | null;
  onChange(product: ChosenProduct | null): void;
  /** The field's accessible name. */
  label: string;
}) {
  const intl = useIntl();
  const { language } = useLanguage();
  const listId = useId();
  /** null: not typing, the box shows the chosen product. */
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const needle = useDeferredValue(query?.trim() ?? '');
  const search = useQuery({
    ...productSearchQueryOptions(needle),
    enabled: needle !== '',
    placeholderData: keepPreviousData,
  });
  const open = query !== null && query.trim() !== '';
  const options = (search.data ?? []).slice(0, MAX_OPTIONS);
  const shown = (product: ChosenProduct) => `${localizedName(product.name, product.nameAr, language)} · ${product.sku}`;

  const choose = (product: Product) => {
    onChange(chosenProduct(product));
    setQuery(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setActive((index) => Math.min(index + 1, options.length - 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        setActive((index) => Math.max(index - 1, 0));
        break;
      case 'Enter': {
        const product = options[active];
        if (open && product) {
          event.preventDefault();
          choose(product);
        }
        break;
      }
      case 'Escape':
        setQuery(null);
        break;
    }
  };

  const activeId = open && options[active] ? `${listId}-${options[active].id}` : undefined;

  return (
    <div className="combobox audit-combobox">
      <TextField.Root
        role="combobox"
        aria-label={label}
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeId}
        value={query ?? (value ? shown(value) : '')}
        placeholder={intl.formatMessage({ id: 'audit.product.placeholder' })}
        autoComplete="off"
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
        }}
        onFocus={(event) => event.target.select()}
        onBlur={() => setQuery(null)}
        onKeyDown={onKeyDown}
      >
        <TextField.Slot>
          <SearchIcon />
        </TextField.Slot>
      </TextField.Root>
      {value && (
        <IconButton
          type="button"
          size="2"
          variant="soft"
          color="gray"
          aria-label={intl.formatMessage({ id: 'audit.product.clear' })}
          onClick={() => onChange(null)}
        >
          <CloseIcon />
        </IconButton>
      )}
      {open && (
        <ul
          id={listId}
          role="listbox"
          className="combobox-list"
          aria-label={intl.formatMessage({ id: 'audit.product.options' })}
        >
          {options.length === 0 ? (
            <li className="combobox-empty" role="presentation">
              <Text size="2" color="gray">
                {search.isFetching ? (
                  <FormattedMessage id="common.loading" />
                ) : (
                  <FormattedMessage id="audit.product.none" />
                )}
              </Text>
            </li>
          ) : (
            options.map((product, index) => (
              <li
                key={product.id}
                id={`${listId}-${product.id}`}
                role="option"
                aria-selected={product.id === value?.id}
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
                  <span className="code-value">{product.sku}</span>
                </Text>
              </li>
            ))
          )}
        </ul>
      )}
    </div>
  );
}
