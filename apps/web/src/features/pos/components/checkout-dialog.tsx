import type { SaleDetail } from '@pharmacy/contracts';
import { Box, Button, Dialog, Flex, Grid, Text, TextArea, TextField } from '@radix-ui/themes';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { FormField } from '../../../components/form-field';
import { useToast } from '../../../components/toaster';
import { useLanguage } from '../../../i18n/use-language';
import { apiErrorDetailsOf, apiErrorOf } from '../../../lib/api';
import { localizedName } from '../../../lib/catalogue';
import { useMoneyFormatter } from '../../../lib/money';
import { useCompleteSale } from '../api/sales';
import { cartTotal, cashCents, cashText, changeFor, type CartLine } from '../utils/cart';
import { checkoutErrorMessage } from '../utils/checkout-errors';

export interface CheckoutDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  lines: readonly CartLine[];
  onCompleted(sale: SaleDetail): void;
}

/** Cash received, customer name and phone, notes, the change (specification 001 §2, §5, §8). */
export function CheckoutDialog({ open, onOpenChange, lines, onCompleted }: CheckoutDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {open && <CheckoutForm lines={lines} onCompleted={onCompleted} onCancel={() => onOpenChange(false)} />}
    </Dialog.Root>
  );
}

function CheckoutForm({
  lines,
  onCompleted,
  onCancel,
}: {
  lines: readonly CartLine[];
  onCompleted(sale: SaleDetail): void;
  onCancel(): void;
}) {
  const intl = useIntl();
  const { language } = useLanguage();
  const { toast } = useToast();
  const money = useMoneyFormatter();
  const complete = useCompleteSale();
  const [cash, setCash] = useState('');
  const [customerName, setCustomerName] = useState('');
  const [customerPhone, setCustomerPhone] = useState('');
  const [notes, setNotes] = useState('');
  const [cashError, setCashError] = useState<string | null>(null);
  const total = cartTotal(lines);
  const change = changeFor(total, cash);
  const pending = complete.isPending;

  const submit = () => {
    const cents = cashCents(cash);
    if (cash.trim() === '' || cents === null) {
      setCashError(intl.formatMessage({ id: 'validation.cashReceivedRequired' }));
      return;
    }
    setCashError(null);
    if (changeFor(total, cash) === null) {
      toast({
        variant: 'error',
        title: intl.formatMessage({ id: 'pos.checkout.insufficientCashTitle' }),
        description: intl.formatMessage({ id: 'pos.checkout.insufficientCash' }),
      });
      return;
    }
    complete.mutate(
      {
        customerName: customerName.trim() || null,
        customerPhone: customerPhone.trim() || null,
        notes: notes.trim() || null,
        cashReceived: cashText(cash),
        items: lines.map((line) => ({
          productId: line.product.id,
          quantity: line.quantity,
          salesUnit: line.salesUnit,
          batchId: line.batchId,
        })),
      },
      {
        onSuccess: (sale) => onCompleted(sale),
        onError: (error) => {
          const reason = checkoutErrorMessage(intl, apiErrorOf(error), apiErrorDetailsOf(error), lines, (line) =>
            localizedName(line.product.name, line.product.nameAr, language),
          );
          toast({
            variant: 'error',
            title: intl.formatMessage({ id: 'pos.checkout.failedTitle' }),
            description: reason ?? intl.formatMessage({ id: 'pos.checkout.failed' }),
          });
        },
      },
    );
  };

  return (
    <Dialog.Content
      maxWidth="480px"
      onEscapeKeyDown={(event) => pending && event.preventDefault()}
      onPointerDownOutside={(event) => pending && event.preventDefault()}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Dialog.Title>
          <FormattedMessage id="pos.checkout.title" />
        </Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          <FormattedMessage id="pos.checkout.description" />
        </Dialog.Description>
        <Flex justify="between" align="baseline" mb="4">
          <Text size="3">
            <FormattedMessage id="pos.checkout.total" />
          </Text>
          <Text size="6" weight="bold" className="receipt-amount" data-testid="checkout-total">
            {money(total)}
          </Text>
        </Flex>
        <Grid columns="1" gap="3">
          <FormField
            label={<FormattedMessage id="pos.checkout.cashReceived" />}
            error={cashError ?? undefined}
            required
          >
            {(props) => (
              <TextField.Root
                {...props}
                autoFocus
                type="number"
                inputMode="decimal"
                min={0}
                step={0.01}
                value={cash}
                onChange={(event) => setCash(event.target.value)}
                disabled={pending}
                size="3"
              />
            )}
          </FormField>
          <Flex justify="between" align="baseline" aria-live="polite">
            <Text size="3">
              <FormattedMessage id="pos.checkout.change" />
            </Text>
            <Text
              size="5"
              weight="bold"
              className="receipt-amount"
              data-testid="checkout-change"
              color={change === null && cash ? 'red' : undefined}
            >
              {change === null ? '—' : money(change)}
            </Text>
          </Flex>
          <FormField label={<FormattedMessage id="pos.checkout.customerName" />}>
            {(props) => (
              <TextField.Root
                {...props}
                value={customerName}
                onChange={(event) => setCustomerName(event.target.value)}
                disabled={pending}
                autoComplete="off"
              />
            )}
          </FormField>
          <FormField label={<FormattedMessage id="pos.checkout.customerPhone" />}>
            {(props) => (
              <TextField.Root
                {...props}
                type="tel"
                dir="ltr"
                value={customerPhone}
                onChange={(event) => setCustomerPhone(event.target.value)}
                disabled={pending}
                autoComplete="off"
              />
            )}
          </FormField>
          <FormField label={<FormattedMessage id="pos.checkout.notes" />}>
            {(props) => (
              <TextArea
                {...props}
                value={notes}
                onChange={(event) => setNotes(event.target.value)}
                disabled={pending}
              />
            )}
          </FormField>
        </Grid>
        <Box mt="5">
          <Flex gap="3" justify="end">
            <Button type="button" variant="soft" color="gray" onClick={onCancel} disabled={pending}>
              <FormattedMessage id="common.cancel" />
            </Button>
            <Button type="submit" loading={pending}>
              {pending ? (
                <FormattedMessage id="pos.checkout.completing" />
              ) : (
                <FormattedMessage id="pos.checkout.complete" />
              )}
            </Button>
          </Flex>
        </Box>
      </form>
    </Dialog.Content>
  );
}
