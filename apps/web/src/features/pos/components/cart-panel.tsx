import { Badge, Box, Button, Card, Flex, Heading, IconButton, Separator, Text, TextField } from '@radix-ui/themes';
import type { Dispatch } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { MinusIcon, PlusIcon, TrashIcon } from '../../../components/icons';
import { useLanguage } from '../../../i18n/use-language';
import { localizedName } from '../../../lib/catalogue';
import { useMoneyFormatter } from '../../../lib/money';
import { salesUnitLabels } from '../../../lib/sales-units';
import { formatCents } from '@pharmacy/money';
import { cartTotal, lineTotalCents, typedQuantity, type CartAction, type CartLine } from '../utils/cart';
import { Shortcut, ShortcutDescription } from './shortcut';

export interface CartPanelProps {
  lines: readonly CartLine[];
  dispatch: Dispatch<CartAction>;
  onCheckout(): void;
  disabled?: boolean;
}

/** The cart: lines with their quantity controls, the total, Clear All and Checkout (specification 001 §2, §4). */
export function CartPanel({ lines, dispatch, onCheckout, disabled = false }: CartPanelProps) {
  const intl = useIntl();
  const { language } = useLanguage();
  const money = useMoneyFormatter();
  const items = lines.reduce((n, line) => n + line.quantity, 0);
  return (
    <Card className="pos-cart" asChild>
      <section aria-labelledby="pos-cart-title">
        <Flex justify="between" align="center" mb="3">
          <Heading as="h2" size="4" id="pos-cart-title">
            <FormattedMessage id="pos.cart.title" />
          </Heading>
          <Button
            variant="ghost"
            color="red"
            onClick={() => dispatch({ type: 'clear' })}
            disabled={disabled || lines.length === 0}
            aria-keyshortcuts="F7"
            aria-describedby="pos-cart-clear-shortcut"
          >
            <FormattedMessage id="pos.cart.clearAll" />
            <Shortcut keys="F7" />
          </Button>
          <ShortcutDescription id="pos-cart-clear-shortcut" keys="F7" />
        </Flex>
        {lines.length === 0 ? (
          <Text as="p" color="gray" size="2">
            <FormattedMessage id="pos.cart.empty" />
          </Text>
        ) : (
          <ul className="pos-cart-lines">
            {lines.map((line) => {
              const name = localizedName(line.product.name, line.product.nameAr, language);
              return (
                <li key={line.key} className="pos-cart-line">
                  <Flex justify="between" gap="2" align="start">
                    <Box minWidth="0">
                      <Text as="div" weight="medium" size="2">
                        {name}
                      </Text>
                      <Text as="div" size="1" color="gray">
                        {intl.formatMessage(salesUnitLabels[line.salesUnit])} ·{' '}
                        <FormattedMessage id="pos.cart.each" values={{ price: money(line.unitPrice) }} />
                      </Text>
                      {line.batchNumber && (
                        <Badge variant="soft" size="1" mt="1">
                          <FormattedMessage id="pos.cart.batch" values={{ batch: <bdi>{line.batchNumber}</bdi> }} />
                        </Badge>
                      )}
                    </Box>
                    <Text weight="bold" size="2" className="receipt-amount">
                      {money(formatCents(lineTotalCents(line)))}
                    </Text>
                  </Flex>
                  <Flex mt="2" gap="2" align="center" justify="between">
                    <Flex gap="1" align="center">
                      <IconButton
                        size="1"
                        variant="soft"
                        aria-label={intl.formatMessage({ id: 'pos.cart.decrease' }, { name })}
                        onClick={() => dispatch({ type: 'decrease', key: line.key })}
                        disabled={disabled || line.quantity <= 1}
                      >
                        <MinusIcon />
                      </IconButton>
                      <TextField.Root
                        className="pos-qty"
                        size="1"
                        type="number"
                        inputMode="numeric"
                        min={1}
                        step={1}
                        aria-label={intl.formatMessage({ id: 'pos.cart.quantity' }, { name })}
                        value={String(line.quantity)}
                        disabled={disabled}
                        onChange={(event) =>
                          event.target.value !== '' &&
                          dispatch({ type: 'setQuantity', key: line.key, quantity: typedQuantity(event.target.value) })
                        }
                      />
                      <IconButton
                        size="1"
                        variant="soft"
                        aria-label={intl.formatMessage({ id: 'pos.cart.increase' }, { name })}
                        onClick={() => dispatch({ type: 'increase', key: line.key })}
                        disabled={disabled}
                      >
                        <PlusIcon />
                      </IconButton>
                    </Flex>
                    <IconButton
                      size="1"
                      variant="ghost"
                      color="red"
                      aria-label={intl.formatMessage({ id: 'pos.cart.remove' }, { name })}
                      onClick={() => dispatch({ type: 'remove', key: line.key })}
                      disabled={disabled}
                    >
                      <TrashIcon />
                    </IconButton>
                  </Flex>
                </li>
              );
            })}
          </ul>
        )}
        <Separator size="4" my="3" />
        <Flex justify="between" align="baseline">
          <Text color="gray" size="2">
            <FormattedMessage id="pos.cart.items" values={{ count: items }} />
          </Text>
          <Text size="5" weight="bold" className="receipt-amount" data-testid="cart-total">
            <FormattedMessage id="pos.cart.total" />: {money(cartTotal(lines))}
          </Text>
        </Flex>
        <Button
          size="3"
          mt="3"
          style={{ width: '100%' }}
          onClick={onCheckout}
          disabled={disabled || lines.length === 0}
          aria-keyshortcuts="F9"
          aria-describedby="pos-cart-checkout-shortcut"
        >
          <FormattedMessage id="pos.cart.checkout" />
          <Shortcut keys="F9" />
        </Button>
        <ShortcutDescription id="pos-cart-checkout-shortcut" keys="F9" />
      </section>
    </Card>
  );
}
