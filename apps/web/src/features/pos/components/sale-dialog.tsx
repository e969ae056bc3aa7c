import type { SaleDetail } from '@pharmacy/contracts';
import { Badge, Box, Button, Callout, DataList, Dialog, Flex, Heading, Text, TextField } from '@radix-ui/themes';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ReturnIcon } from '../../../components/icons';
import { useToast } from '../../../components/toaster';
import { useLanguage } from '../../../i18n/use-language';
import { apiErrorOf } from '../../../lib/api';
import { usePermissions } from '../../../lib/authorization';
import { localizedName } from '../../../lib/catalogue';
import { useDateTimeFormatter } from '../../../lib/dates';
import { useMoneyFormatter } from '../../../lib/money';
import { salesUnitLabels } from '../../../lib/sales-units';
import { translateValidationMessage } from '../../../lib/validation-message';
import { useReturnSale, useSale } from '../api/sales';
import { saleNumber } from '../utils/sale-number';
import { PrintControls } from './print-controls';
import { Receipt, usePrintReceipt } from './receipt';

export interface SaleDialogProps {
  saleId: string | null;
  onClose(): void;
  /** Right after checkout: the receipt is the point, with a way back to the next sale. */
  justSold?: boolean;
}

/** One sale: its receipt (print or reprint, 80 mm or A4), its returns, and returning some or all of it. */
export function SaleDialog({ saleId, onClose, justSold = false }: SaleDialogProps) {
  return (
    <Dialog.Root open={saleId !== null} onOpenChange={(open) => !open && onClose()}>
      {saleId && <SaleContent saleId={saleId} onClose={onClose} justSold={justSold} />}
    </Dialog.Root>
  );
}

function SaleContent({ saleId, onClose, justSold }: { saleId: string; onClose(): void; justSold: boolean }) {
  const { canWrite } = usePermissions();
  const sale = useSale(saleId);
  const printer = usePrintReceipt();
  const [returning, setReturning] = useState(false);
  const number = saleNumber(saleId);

  return (
    <Dialog.Content maxWidth="520px" aria-describedby={undefined}>
      <Dialog.Title>
        <FormattedMessage id="pos.detail.title" values={{ number }} />
      </Dialog.Title>
      {sale.isPending ? (
        <Text color="gray">
          <FormattedMessage id="pos.detail.loading" />
        </Text>
      ) : sale.isError ? (
        <Callout.Root color="red" role="alert">
          <Callout.Text>
            <FormattedMessage id="pos.detail.failed" />
          </Callout.Text>
        </Callout.Root>
      ) : returning ? (
        <ReturnForm sale={sale.data} onDone={() => setReturning(false)} />
      ) : (
        <>
          {sale.data.offline && <OfflineFacts sale={sale.data} offline={sale.data.offline} />}
          <Box p="3" style={{ border: '1px solid var(--gray-a5)', borderRadius: 'var(--radius-3)' }}>
            <Receipt sale={sale.data} />
          </Box>
          {sale.data.returns.length > 0 && <Returns sale={sale.data} />}
          <Flex gap="3" mt="4" wrap="wrap" justify="between" align="center">
            <PrintControls justSold={justSold} onPrint={(paper) => printer.print(sale.data, paper)} />
            <Flex gap="2">
              {/* Auditors change nothing: they read the sale (from the discrepancies, say) but take no returns. */}
              {!justSold && canWrite && (
                <Button
                  variant="soft"
                  color="orange"
                  onClick={() => setReturning(true)}
                  disabled={sale.data.lines.every((line) => line.returnedQuantity >= line.quantity)}
                >
                  <ReturnIcon className="mirror-rtl" />
                  <FormattedMessage id="pos.detail.return" />
                </Button>
              )}
              <Button variant={justSold ? 'solid' : 'soft'} color={justSold ? undefined : 'gray'} onClick={onClose}>
                {justSold ? <FormattedMessage id="pos.receipt.newSale" /> : <FormattedMessage id="common.close" />}
              </Button>
            </Flex>
          </Flex>
        </>
      )}
      {printer.portal}
    </Dialog.Content>
  );
}

/**
 * A sale made without a network: the till's number, when it was made and when
 * the server learned of it, and what was raised for review when it arrived
 * (units the books no longer held, prices from a copy older than allowed).
 */
function OfflineFacts({ sale, offline }: { sale: SaleDetail; offline: NonNullable<SaleDetail['offline']> }) {
  const intl = useIntl();
  const { language } = useLanguage();
  const dateTime = useDateTimeFormatter();
  const time = (instant: string) => <time dateTime={instant}>{dateTime(instant)}</time>;
  return (
    <Box mb="3" data-testid="sale-offline">
      <Flex align="center" gap="2" mb="2" wrap="wrap">
        <Badge color="orange" variant="soft">
          <FormattedMessage id="pos.detail.offline.badge" />
        </Badge>
        <Text size="2" weight="medium">
          <FormattedMessage
            id="pos.detail.offline.number"
            values={{ number: <bdi className="code-value">{offline.number}</bdi> }}
          />
        </Text>
      </Flex>
      <DataList.Root size="1">
        <DataList.Item>
          <DataList.Label>
            <FormattedMessage id="pos.detail.offline.soldAt" />
          </DataList.Label>
          <DataList.Value>{time(offline.soldAt)}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>
            <FormattedMessage id="pos.detail.offline.recordedAt" />
          </DataList.Label>
          <DataList.Value>{time(offline.recordedAt)}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>
            <FormattedMessage id="pos.detail.offline.catalogueAsOf" />
          </DataList.Label>
          <DataList.Value>{time(offline.catalogueAsOf)}</DataList.Value>
        </DataList.Item>
      </DataList.Root>
      {offline.priceStale && (
        <Callout.Root color="orange" size="1" mt="2">
          <Callout.Text>
            <FormattedMessage id="pos.detail.offline.priceStale" />
          </Callout.Text>
        </Callout.Root>
      )}
      {offline.shortfalls.length > 0 && (
        <Callout.Root color="orange" size="1" mt="2">
          <Flex direction="column" gap="1">
            <Callout.Text>
              <FormattedMessage id="pos.detail.offline.shortfalls" />
            </Callout.Text>
            <ul style={{ margin: 0, paddingInlineStart: 'var(--space-4)' }} data-testid="sale-shortfalls">
              {offline.shortfalls.map((shortfall) => {
                // The sale's line gives the Arabic name and the unit the quantity counts.
                const line = sale.lines.find((candidate) => candidate.lineIndex === shortfall.lineIndex);
                const name = <bdi>{localizedName(shortfall.productName, line?.productNameAr, language)}</bdi>;
                const quantity = intl.formatNumber(shortfall.quantity);
                return (
                  <li key={shortfall.lineIndex}>
                    <Text size="2">
                      {line ? (
                        <FormattedMessage
                          id="pos.detail.offline.shortfall"
                          values={{ name, quantity, value: intl.formatMessage(salesUnitLabels[line.salesUnit]) }}
                        />
                      ) : (
                        <FormattedMessage id="pos.detail.offline.shortfallCount" values={{ name, quantity }} />
                      )}
                    </Text>
                  </li>
                );
              })}
            </ul>
          </Flex>
        </Callout.Root>
      )}
    </Box>
  );
}

function Returns({ sale }: { sale: SaleDetail }) {
  const money = useMoneyFormatter();
  const dateTime = useDateTimeFormatter();
  return (
    <Box mt="3">
      <Heading as="h3" size="2" mb="1">
        <FormattedMessage id="pos.detail.returns" />
      </Heading>
      <ul style={{ margin: 0, paddingInlineStart: 'var(--space-4)' }}>
        {sale.returns.map((back) => (
          <li key={back.returnId}>
            <Text size="2">
              <FormattedMessage
                id="pos.detail.returnLine"
                values={{ date: dateTime(back.returnedAt), reason: back.reason, refund: money(back.refundAmount) }}
              />
            </Text>
          </li>
        ))}
      </ul>
    </Box>
  );
}

/** Per line how many come back (up to what is left), and why. */
function ReturnForm({ sale, onDone }: { sale: SaleDetail; onDone(): void }) {
  const intl = useIntl();
  const { language } = useLanguage();
  const { toast } = useToast();
  const money = useMoneyFormatter();
  const returning = useReturnSale();
  const open = sale.lines.filter((line) => line.returnedQuantity < line.quantity);
  const [quantities, setQuantities] = useState<Record<number, string>>(
    Object.fromEntries(open.map((line) => [line.lineIndex, String(line.quantity - line.returnedQuantity)])),
  );
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const pending = returning.isPending;

  const submit = () => {
    const lines = open
      .map((line) => ({
        lineIndex: line.lineIndex,
        quantity: Math.min(
          Math.max(0, Math.round(Number(quantities[line.lineIndex] ?? 0))),
          line.quantity - line.returnedQuantity,
        ),
      }))
      .filter((line) => line.quantity > 0);
    if (reason.trim() === '') {
      setProblem(intl.formatMessage({ id: 'validation.reasonRequired' }));
      return;
    }
    if (lines.length === 0) {
      setProblem(intl.formatMessage({ id: 'pos.return.nothing' }));
      return;
    }
    setProblem(null);
    returning.mutate(
      { saleId: sale.id, input: { reason: reason.trim(), lines } },
      {
        onSuccess: (back) => {
          toast({
            title: intl.formatMessage({ id: 'pos.return.doneTitle' }),
            description: intl.formatMessage({ id: 'pos.return.done' }, { refund: money(back.refundAmount) }),
          });
          onDone();
        },
        onError: (error) => {
          const apiError = apiErrorOf(error);
          toast({
            variant: 'error',
            title: intl.formatMessage({ id: 'pos.return.failedTitle' }),
            description:
              apiError && apiError.statusCode < 500
                ? translateValidationMessage(intl, apiError.message)
                : intl.formatMessage({ id: 'pos.return.failed' }),
          });
        },
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Heading as="h3" size="3" mb="1">
        <FormattedMessage id="pos.return.title" />
      </Heading>
      <Text as="p" size="2" color="gray" mb="3">
        <FormattedMessage id="pos.return.description" />
      </Text>
      <Flex direction="column" gap="3">
        {open.map((line) => {
          const name = localizedName(line.productName, line.productNameAr, language);
          const max = line.quantity - line.returnedQuantity;
          return (
            <Flex key={line.lineIndex} justify="between" align="center" gap="3">
              <Box minWidth="0">
                <Text as="div" size="2" weight="medium">
                  {name}
                </Text>
                {line.returnedQuantity > 0 && (
                  <Badge size="1" color="gray">
                    <FormattedMessage id="pos.detail.returned" values={{ count: line.returnedQuantity }} />
                  </Badge>
                )}
              </Box>
              <TextField.Root
                className="pos-qty"
                type="number"
                inputMode="numeric"
                min={0}
                max={max}
                step={1}
                value={quantities[line.lineIndex] ?? '0'}
                onChange={(event) => setQuantities((all) => ({ ...all, [line.lineIndex]: event.target.value }))}
                aria-label={intl.formatMessage({ id: 'pos.return.quantity' }, { name, max })}
                disabled={pending}
              />
            </Flex>
          );
        })}
        <label>
          <Text as="div" size="2" weight="medium" mb="1">
            <FormattedMessage id="pos.return.reason" />
          </Text>
          <TextField.Root value={reason} onChange={(event) => setReason(event.target.value)} disabled={pending} />
        </label>
        {problem && (
          <Text size="2" color="red" role="alert">
            {problem}
          </Text>
        )}
      </Flex>
      <Flex gap="3" justify="end" mt="4">
        <Button type="button" variant="soft" color="gray" onClick={onDone} disabled={pending}>
          <FormattedMessage id="common.cancel" />
        </Button>
        <Button type="submit" color="orange" loading={pending}>
          {pending ? <FormattedMessage id="pos.return.submitting" /> : <FormattedMessage id="pos.return.submit" />}
        </Button>
      </Flex>
    </form>
  );
}
