import type { Product, SalesUnit } from '@pharmacy/contracts';
import { Badge, Box, Button, Card, Flex, Heading, Select, Text, TextField } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { PlusIcon, SearchIcon } from '../../../components/icons';
import { useLanguage } from '../../../i18n/use-language';
import { localizedName, productSearchQueryOptions } from '../../../lib/catalogue';
import { useMoneyFormatter } from '../../../lib/money';
import { salesUnitLabels } from '../../../lib/sales-units';
import { isUnreachable } from '../offline/sale-sync';
import { sellingUnits, typedQuantity } from '../utils/cart';

/** Specification 001 §5: product search only runs with 2 or more characters. */
export const MIN_SEARCH_LENGTH = 2;

/** What a search result shows and the cart keeps: a product of the server's search or of the till's offline copy. */
export type SearchProduct = Pick<
  Product,
  | 'id'
  | 'sku'
  | 'barcode'
  | 'name'
  | 'nameAr'
  | 'price'
  | 'salesUnit'
  | 'unitsPerPackage'
  | 'requiresPrescription'
  | 'isActive'
  | 'totalStock'
>;

export interface ProductSearchProps {
  pharmacyId: string;
  onAdd(product: SearchProduct, quantity: number, salesUnit: SalesUnit): void;
  disabled?: boolean;
  /** Offline: searches the till's copy of the catalogue instead of the server. */
  localSearch?: ((query: string) => SearchProduct[]) | null;
  /** The server search failed for want of a server. */
  onUnreachable?(): void;
}

/** Product search for the counter: each result with a quantity picker and a sales-unit picker. */
export function ProductSearch({
  pharmacyId,
  onAdd,
  disabled = false,
  localSearch = null,
  onUnreachable,
}: ProductSearchProps) {
  const intl = useIntl();
  const inputId = useId();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setQuery(text.trim()), 250);
    return () => window.clearTimeout(timer);
  }, [text]);
  const enabled = query.length >= MIN_SEARCH_LENGTH;
  const results = useQuery({ ...productSearchQueryOptions(query, pharmacyId), enabled: enabled && !localSearch });
  const unreachable = results.isError && isUnreachable(results.error);
  useEffect(() => {
    if (unreachable) onUnreachable?.();
  }, [unreachable, onUnreachable]);
  const local = useMemo(() => (localSearch && enabled ? localSearch(query) : null), [localSearch, enabled, query]);
  const onSale: SearchProduct[] = local ?? (results.data ?? []).filter((product) => product.isActive);

  return (
    <Card asChild>
      <section aria-labelledby={`${inputId}-title`}>
        <Heading as="h2" size="4" mb="3" id={`${inputId}-title`}>
          <label htmlFor={inputId}>
            <FormattedMessage id="pos.search.label" />
          </label>
        </Heading>
        <TextField.Root
          id={inputId}
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={intl.formatMessage({ id: 'pos.search.placeholder' })}
          disabled={disabled}
          autoComplete="off"
          type="search"
        >
          <TextField.Slot>
            <SearchIcon />
          </TextField.Slot>
        </TextField.Root>
        {localSearch && (
          <Text as="p" size="1" color="amber" mt="2">
            <FormattedMessage id="pos.search.offline" />
          </Text>
        )}
        <Box mt="3" aria-live="polite">
          {!enabled ? (
            text.trim().length > 0 && (
              <Text size="2" color="gray">
                <FormattedMessage id="pos.search.hint" />
              </Text>
            )
          ) : !local && results.isError ? (
            <Text size="2" color="red">
              <FormattedMessage id="pos.search.failed" />
            </Text>
          ) : !local && results.isPending ? (
            <Text size="2" color="gray">
              <FormattedMessage id="common.loading" />
            </Text>
          ) : onSale.length === 0 ? (
            <Text size="2" color="gray">
              <FormattedMessage id="pos.search.empty" />
            </Text>
          ) : (
            <ul className="pos-results">
              {onSale.map((product) => (
                <SearchResult key={product.id} product={product} onAdd={onAdd} disabled={disabled} />
              ))}
            </ul>
          )}
        </Box>
      </section>
    </Card>
  );
}

function SearchResult({
  product,
  onAdd,
  disabled,
}: {
  product: SearchProduct;
  onAdd: ProductSearchProps['onAdd'];
  disabled: boolean;
}) {
  const intl = useIntl();
  const { language } = useLanguage();
  const money = useMoneyFormatter();
  const units = sellingUnits(product);
  const [quantity, setQuantity] = useState('1');
  const [unit, setUnit] = useState<SalesUnit>('whole');
  const name = localizedName(product.name, product.nameAr, language);
  return (
    <li className="pos-result">
      <Flex justify="between" gap="3" wrap="wrap" align="center">
        <Box minWidth="0" flexGrow="1">
          <Flex gap="2" align="center" wrap="wrap">
            <Text weight="medium">{name}</Text>
            {product.requiresPrescription && (
              <Badge color="orange" variant="soft">
                <FormattedMessage id="pos.search.prescription" />
              </Badge>
            )}
          </Flex>
          <Text as="div" size="1" color="gray">
            <bdi>{product.sku}</bdi> · {money(product.price)} ·{' '}
            <FormattedMessage id="pos.search.inStock" values={{ count: product.totalStock }} />
          </Text>
        </Box>
        <Flex gap="2" align="center">
          <TextField.Root
            className="pos-qty"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={quantity}
            onChange={(event) => setQuantity(event.target.value)}
            aria-label={intl.formatMessage({ id: 'pos.search.quantity' }, { name })}
            disabled={disabled}
          />
          {units.length > 1 && (
            <Select.Root value={unit} onValueChange={(value) => setUnit(value as SalesUnit)} disabled={disabled}>
              <Select.Trigger aria-label={intl.formatMessage({ id: 'pos.search.unit' }, { name })} />
              <Select.Content position="popper">
                {units.map((value) => (
                  <Select.Item key={value} value={value}>
                    {intl.formatMessage(salesUnitLabels[value])}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          )}
          <Button
            variant="soft"
            onClick={() => {
              onAdd(product, typedQuantity(quantity), unit);
              setQuantity('1');
            }}
            disabled={disabled}
            aria-label={intl.formatMessage({ id: 'pos.search.addToCart' }, { name })}
          >
            <PlusIcon />
            <FormattedMessage id="pos.scan.add" />
          </Button>
        </Flex>
      </Flex>
    </li>
  );
}
