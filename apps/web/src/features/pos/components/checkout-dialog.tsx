import type { CompleteSaleInput, SaleDetail } from '@pharmacy/contracts';
import { formatCents } from '@pharmacy/money';
import { Box, Button, Callout, Dialog, Flex, Grid, Text, TextArea, TextField } from '@radix-ui/themes';
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { FormField } from '../../../components/form-field';
import { WarningIcon } from '../../../components/icons';
import { useToast } from '../../../components/toaster';
import { useLanguage } from '../../../i18n/use-language';
import { useActionKey } from '../../../lib/action-key';
import { apiErrorDetailsOf, apiErrorOf } from '../../../lib/api';
import { localizedName } from '../../../lib/catalogue';
import { todayIso } from '../../../lib/dates';
import { useMoneyFormatter } from '../../../lib/money';
import { salesUnitLabels } from '../../../lib/sales-units';
import { useCompleteSale } from '../api/sales';
import { priceLocalSale, type LocalSaleLine } from '../offline/local-catalogue';
import type { QueuedSale } from '../offline/offline-sale';
import { isUnreachable } from '../offline/sale-sync';
import type { OfflineTill } from '../offline/use-offline-till';
import { cartTotal, cashCents, cashText, changeFor, type CartLine } from '../utils/cart';
import { checkoutErrorMessage, offlineSaleProblemMessage } from '../utils/checkout-errors';

export interface CheckoutDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  lines: readonly CartLine[];
  onCompleted(sale: SaleDetail): void;
  till: OfflineTill;
  /** `fallback`: the till was online, but the server could not be reached, so the sale was kept offline. */
  onCompletedOffline(sale: QueuedSale, fallback: boolean): void;
}

/**
 * Cash received, customer name and phone, notes, the change (specification
 * 001 §2, §5, §8). Offline, the sale is priced from the till's copy of the
 * catalogue and kept to be sent later; so is a checkout whose request could
 * not reach the server, under the same Idempotency-Key.
 */
export function CheckoutDialog({
  open,
  onOpenChange,
  lines,
  onCompleted,
  till,
  onCompletedOffline,
}: CheckoutDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {open && (
        <CheckoutForm
          lines={lines}
          till={till}
          onCompleted={onCompleted}
          onCompletedOffline={onCompletedOffline}
          onCancel={() => onOpenChange(false)}
        />
      )}
    </Dialog.Root>
  );
}

function CheckoutForm({
  lines,
  till,
  onCompleted,
  onCompletedOffline,
  onCancel,
}: Pick<CheckoutDialogProps, 'lines' | 'till' | 'onCompleted' | 'onCompletedOffline'> & { onCancel(): void }) {
  const intl = useIntl();
  const { language } = useLanguage();
  const { toast } = useToast();
  const money = useMoneyFormatter();
  const complete = useCompleteSale();
  const key = useActionKey();
  const [cash, setCash] = useState('');
  const [customerName, setCustomerName] = useState('');
  const [customerPhone, setCustomerPhone] = useState('');
  const [notes, setNotes] = useState('');
  const [cashError, setCashError] = useState<string | null>(null);
  const [keeping, setKeeping] = useState(false);
  const nameOf = (line: CartLine) => localizedName(line.product.name, line.product.nameAr, language);
  const items: LocalSaleLine[] = useMemo(
    () =>
      lines.map((line) => ({
        productId: line.product.id,
        quantity: line.quantity,
        salesUnit: line.salesUnit,
        batchId: line.batchId,
      })),
    [lines],
  );
  const offline = till.offline;
  // Offline, the total is the copy's: its prices with the discounts of the batches it sells from.
  const local = useMemo(
    () => (offline && till.catalogue ? priceLocalSale(till.catalogue, items, todayIso()) : null),
    [offline, till.catalogue, items],
  );
  const total = local?.ok ? formatCents(local.totalCents) : cartTotal(lines);
  const change = changeFor(total, cash);
  const pending = complete.isPending || keeping;
  const offlineProblem = offline
    ? local === null
      ? offlineSaleProblemMessage(
          intl,
          { code: till.storage === 'unavailable' ? 'NO_STORAGE' : 'NO_COPY' },
          lines,
          nameOf,
        )
      : local.ok
        ? null
        : offlineSaleProblemMessage(intl, local.problem, lines, nameOf)
    : null;

  const keepOffline = async (input: CompleteSaleInput, idempotencyKey: string, fallback: boolean) => {
    setKeeping(true);
    try {
      const result = await till.sell({
        idempotencyKey,
        customerName: input.customerName,
        customerPhone: input.customerPhone,
        notes: input.notes,
        cashReceived: input.cashReceived,
        items,
      });
      if (result.ok) {
        key.done();
        onCompletedOffline(result.sale, fallback);
        return;
      }
      toast({
        variant: 'error',
        title: intl.formatMessage({ id: 'pos.checkout.failedTitle' }),
        description: offlineSaleProblemMessage(intl, result.problem, lines, nameOf),
      });
    } catch {
      toast({
        variant: 'error',
        title: intl.formatMessage({ id: 'pos.checkout.failedTitle' }),
        description: intl.formatMessage({ id: 'pos.offline.problem.storage' }),
      });
    } finally {
      setKeeping(false);
    }
  };

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
    const input: CompleteSaleInput = {
      customerName: customerName.trim() || null,
      customerPhone: customerPhone.trim() || null,
      notes: notes.trim() || null,
      cashReceived: cashText(cash),
      items,
    };
    const idempotencyKey = key.for(input);
    if (offline) {
      void keepOffline(input, idempotencyKey, false);
      return;
    }
    complete.mutate(
      { input, idempotencyKey },
      {
        onSuccess: (sale) => {
          key.done();
          onCompleted(sale);
        },
        onError: (error) => {
          if (isUnreachable(error)) {
            // The request may or may not have reached the server: the sale kept offline goes under the same
            // key, so if this checkout was recorded after all, the server refuses the copy instead of
            // recording the sale twice (409 IDEMPOTENCY_KEY_REUSED, shown in the queue).
            till.reportUnreachable();
            void keepOffline(input, idempotencyKey, true);
            return;
          }
          const reason = checkoutErrorMessage(intl, apiErrorOf(error), apiErrorDetailsOf(error), lines, nameOf);
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
          {offline ? (
            <FormattedMessage id="pos.checkout.offlineDescription" />
          ) : (
            <FormattedMessage id="pos.checkout.description" />
          )}
        </Dialog.Description>
        {offlineProblem && (
          <Callout.Root color="red" size="1" mb="3" role="alert">
            <Callout.Icon>
              <WarningIcon />
            </Callout.Icon>
            <Callout.Text>{offlineProblem}</Callout.Text>
          </Callout.Root>
        )}
        {local?.ok &&
          local.lines.map(
            (line, index) =>
              line.shortfall > 0 && (
                <Callout.Root key={index} color="amber" size="1" mb="3">
                  <Callout.Icon>
                    <WarningIcon />
                  </Callout.Icon>
                  <Callout.Text>
                    <FormattedMessage
                      id="pos.checkout.shortfall"
                      values={{
                        name: localizedName(line.product.name, line.product.nameAr, language),
                        available: `${intl.formatNumber(line.quantity - line.shortfall)} × ${intl.formatMessage(salesUnitLabels[line.salesUnit])}`,
                        quantity: intl.formatNumber(line.quantity),
                      }}
                    />
                  </Callout.Text>
                </Callout.Root>
              ),
          )}
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
            <Button type="submit" loading={pending} disabled={offlineProblem !== null}>
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
