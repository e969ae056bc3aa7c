import { AlertDialog, Badge, Box, Button, Callout, Card, Dialog, Flex, Text } from '@radix-ui/themes';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { ReceiptIcon, WarningIcon } from '../../../components/icons';
import { useToast } from '../../../components/toaster';
import type { MessageId } from '../../../i18n/messages';
import { useDateTimeFormatter } from '../../../lib/dates';
import { useMoneyFormatter } from '../../../lib/money';
import { translateValidationMessage } from '../../../lib/validation-message';
import type { QueuedSale, QueuedSaleStatus, QueueError } from '../offline/offline-sale';
import type { OfflineTill } from '../offline/use-offline-till';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** The current time, every `intervalMs`, so "updated 5 minutes ago" moves on. */
function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** "just now", "5 minutes ago", "3 hours ago", "2 days ago", in the reader's language. */
export function formatAgo(intl: IntlShape, instant: string, now: number): string {
  const minutes = Math.floor((now - Date.parse(instant)) / MINUTE_MS);
  if (!Number.isFinite(minutes) || minutes < 1) return intl.formatMessage({ id: 'pos.offline.justNow' });
  if (minutes < 60) return intl.formatRelativeTime(-minutes, 'minute', { numeric: 'always' });
  if (minutes < 1440) return intl.formatRelativeTime(-Math.floor(minutes / 60), 'hour', { numeric: 'always' });
  return intl.formatRelativeTime(-Math.floor(minutes / 1440), 'day', { numeric: 'always' });
}

const statusLooks: Record<QueuedSaleStatus, { color: 'gray' | 'blue' | 'red' | 'green'; label: { id: MessageId } }> = {
  waiting: { color: 'gray', label: { id: 'pos.offline.status.waiting' } },
  sending: { color: 'blue', label: { id: 'pos.offline.status.sending' } },
  failed: { color: 'red', label: { id: 'pos.offline.status.failed' } },
  sent: { color: 'green', label: { id: 'pos.offline.status.sent' } },
};

/** Why a sale was not sent, in the reader's language. */
export function queueErrorText(intl: IntlShape, error: QueueError): string {
  if (error.status === null) return intl.formatMessage({ id: 'pos.offline.error.unreachable' });
  if (error.status === 401) return intl.formatMessage({ id: 'pos.offline.error.signedOut' });
  if (error.code === 'IDEMPOTENCY_KEY_REUSED') return intl.formatMessage({ id: 'pos.offline.error.keyReused' });
  if (error.code === 'OFFLINE_SALE_TOO_OLD') return intl.formatMessage({ id: 'pos.offline.error.tooOld' });
  if (error.status >= 500) return intl.formatMessage({ id: 'pos.offline.error.server' });
  return translateValidationMessage(intl, error.message) ?? error.message;
}

export interface OfflineTillStatusProps {
  till: OfflineTill;
  userId: string;
  onOpenReceipt(sale: QueuedSale): void;
  onOpenSale(saleId: string): void;
}

/**
 * The till's offline side on the point of sale: whether it sells from its
 * copy, how fresh the copy is, and the offline sales still to be sent (with
 * the list, to send again, discard or reprint them).
 */
export function OfflineTillStatus({ till, userId, onOpenReceipt, onOpenSale }: OfflineTillStatusProps) {
  const intl = useIntl();
  const now = useNow(30_000);
  const [panelOpen, setPanelOpen] = useState(false);
  const unsent = till.sales.filter((sale) => sale.status !== 'sent');
  const waiting = unsent.filter((sale) => sale.status !== 'failed').length;
  const failed = unsent.filter((sale) => sale.status === 'failed');
  const lastError = [...unsent].reverse().find((sale) => sale.lastError !== null)?.lastError ?? till.syncStopped?.error;
  const copy = till.catalogue;
  const stale = copy !== null && now - Date.parse(copy.fetchedAt) > copy.priceWindowHours * HOUR_MS;

  return (
    <Card asChild>
      <section aria-label={intl.formatMessage({ id: 'pos.offline.region' })}>
        <Flex direction="column" gap="2">
          {till.offline && (
            <Callout.Root color="amber" size="1" role="status">
              <Callout.Icon>
                <WarningIcon />
              </Callout.Icon>
              <Callout.Text>
                <FormattedMessage id="pos.offline.selling" />
              </Callout.Text>
            </Callout.Root>
          )}
          <Flex justify="between" align="center" gap="3" wrap="wrap">
            <Text size="2" color={stale ? 'amber' : 'gray'} data-testid="offline-catalogue-age">
              {till.storage === 'unavailable' ? (
                <FormattedMessage id="pos.offline.noStorage" />
              ) : copy ? (
                <>
                  <FormattedMessage
                    id="pos.offline.catalogueUpdated"
                    values={{
                      date: (
                        <time
                          dateTime={copy.fetchedAt}
                          title={intl.formatDate(copy.fetchedAt, { dateStyle: 'medium', timeStyle: 'short' })}
                        >
                          {formatAgo(intl, copy.fetchedAt, now)}
                        </time>
                      ),
                    }}
                  />
                  {stale && (
                    <>
                      {' '}
                      <FormattedMessage id="pos.offline.catalogueStale" values={{ count: copy.priceWindowHours }} />
                    </>
                  )}
                  {till.refreshFailed && !till.offline && (
                    <>
                      {' '}
                      <FormattedMessage id="pos.offline.refreshFailed" />
                    </>
                  )}
                </>
              ) : till.refreshing || till.storage === 'opening' ? (
                <FormattedMessage id="pos.offline.catalogueLoading" />
              ) : (
                <FormattedMessage id="pos.offline.noCopy" />
              )}
            </Text>
            <Button
              variant="soft"
              size="2"
              color={failed.length > 0 ? 'red' : 'gray'}
              onClick={() => setPanelOpen(true)}
            >
              <ReceiptIcon />
              <FormattedMessage id="pos.offline.queue.open" />
              {unsent.length > 0 && (
                <Badge color={failed.length > 0 ? 'red' : 'amber'} variant="solid" radius="full">
                  {intl.formatNumber(unsent.length)}
                </Badge>
              )}
            </Button>
          </Flex>
          <Text as="p" size="2" role="status" aria-live="polite" data-testid="offline-queue-status">
            {till.syncing && waiting > 0 ? (
              <FormattedMessage id="pos.offline.queue.sending" values={{ count: waiting }} />
            ) : waiting > 0 ? (
              <FormattedMessage id="pos.offline.queue.waiting" values={{ count: waiting }} />
            ) : unsent.length === 0 ? (
              <FormattedMessage id="pos.offline.queue.empty" />
            ) : null}
            {failed.length > 0 && (
              <>
                {' '}
                <Text color="red">
                  <FormattedMessage id="pos.offline.queue.failed" values={{ count: failed.length }} />
                </Text>
              </>
            )}
            {unsent.length > 0 && lastError && (
              <>
                {' '}
                <Text color="gray">
                  <FormattedMessage
                    id="pos.offline.queue.lastError"
                    values={{ reason: queueErrorText(intl, lastError) }}
                  />
                </Text>
              </>
            )}
          </Text>
        </Flex>
        <OfflineSalesPanel
          open={panelOpen}
          onOpenChange={setPanelOpen}
          till={till}
          userId={userId}
          onOpenReceipt={(sale) => {
            setPanelOpen(false);
            onOpenReceipt(sale);
          }}
          onOpenSale={(saleId) => {
            setPanelOpen(false);
            onOpenSale(saleId);
          }}
        />
      </section>
    </Card>
  );
}

function OfflineSalesPanel({
  open,
  onOpenChange,
  till,
  userId,
  onOpenReceipt,
  onOpenSale,
}: OfflineTillStatusProps & { open: boolean; onOpenChange(open: boolean): void }) {
  const intl = useIntl();
  const money = useMoneyFormatter();
  const dateTime = useDateTimeFormatter();
  const { toast } = useToast();
  const [discarding, setDiscarding] = useState<QueuedSale | null>(null);
  const [busy, setBusy] = useState(false);
  // Still to be sent first, oldest first (the order they go in); then the recently sent, newest first.
  const unsent = till.sales.filter((sale) => sale.status !== 'sent');
  const sent = till.sales.filter((sale) => sale.status === 'sent').reverse();
  const canSend =
    !till.offline && !till.syncing && unsent.some((sale) => sale.status === 'waiting' && sale.userId === userId);

  const storeFailed = () =>
    toast({
      variant: 'error',
      title: intl.formatMessage({ id: 'common.error' }),
      description: intl.formatMessage({ id: 'pos.offline.storeFailed' }),
    });

  const discard = async (sale: QueuedSale) => {
    setBusy(true);
    try {
      const done = await till.discard(sale.seq);
      if (done) {
        toast({
          title: intl.formatMessage({ id: 'pos.offline.discard.doneTitle' }),
          description: intl.formatMessage({ id: 'pos.offline.discard.done' }, { number: sale.offlineNumber }),
        });
      } else {
        toast({
          variant: 'error',
          title: intl.formatMessage({ id: 'common.error' }),
          description: intl.formatMessage({ id: 'pos.offline.discard.sending' }, { number: sale.offlineNumber }),
        });
      }
    } catch {
      storeFailed();
    } finally {
      setBusy(false);
      setDiscarding(null);
    }
  };

  return (
    <>
      <Dialog.Root open={open} onOpenChange={onOpenChange}>
        <Dialog.Content maxWidth="640px">
          <Dialog.Title>
            <FormattedMessage id="pos.offline.queue.title" />
          </Dialog.Title>
          <Dialog.Description size="2" color="gray" mb="3">
            <FormattedMessage id="pos.offline.queue.description" />
          </Dialog.Description>
          {till.sales.length === 0 ? (
            <Text as="p" size="2" color="gray">
              <FormattedMessage id="pos.offline.queue.none" />
            </Text>
          ) : (
            <ul className="pos-results" aria-label={intl.formatMessage({ id: 'pos.offline.queue.title' })}>
              {[...unsent, ...sent].map((sale) => {
                const look = statusLooks[sale.status];
                const number = sale.offlineNumber;
                return (
                  <li
                    key={sale.seq}
                    className="pos-result"
                    aria-label={intl.formatMessage({ id: 'pos.offline.sale' }, { number })}
                  >
                    <Flex justify="between" gap="3" wrap="wrap" align="start">
                      <Box minWidth="0">
                        <Flex gap="2" align="center" wrap="wrap">
                          <Text weight="medium">
                            <FormattedMessage id="pos.offline.sale" values={{ number: <bdi>{number}</bdi> }} />
                          </Text>
                          <Badge color={look.color} variant="soft">
                            <FormattedMessage {...look.label} />
                          </Badge>
                        </Flex>
                        <Text as="div" size="1" color="gray">
                          {dateTime(sale.createdAt)} · {money(sale.receipt.totalAmount)}
                          {sale.attempts > 0 && sale.status !== 'sent' && (
                            <>
                              {' · '}
                              <FormattedMessage id="pos.offline.attempts" values={{ count: sale.attempts }} />
                            </>
                          )}
                        </Text>
                        {sale.userId !== userId && sale.status !== 'sent' && (
                          <Text as="div" size="1" color="amber">
                            <FormattedMessage id="pos.offline.otherUser" values={{ name: sale.userName }} />
                          </Text>
                        )}
                        {sale.lastError && sale.status !== 'sent' && (
                          <Text as="div" size="1" color={sale.status === 'failed' ? 'red' : 'gray'}>
                            {queueErrorText(intl, sale.lastError)}
                          </Text>
                        )}
                      </Box>
                      <Flex gap="2" wrap="wrap">
                        {sale.status === 'sent' && sale.saleId ? (
                          <Button
                            size="1"
                            variant="soft"
                            onClick={() => onOpenSale(sale.saleId!)}
                            aria-label={intl.formatMessage({ id: 'pos.offline.openRecorded' }, { number })}
                          >
                            <FormattedMessage id="pos.offline.openRecordedShort" />
                          </Button>
                        ) : (
                          <Button
                            size="1"
                            variant="soft"
                            onClick={() => onOpenReceipt(sale)}
                            aria-label={intl.formatMessage({ id: 'pos.offline.receipt' }, { number })}
                          >
                            <FormattedMessage id="pos.offline.receiptShort" />
                          </Button>
                        )}
                        {sale.status === 'failed' && (
                          <Button
                            size="1"
                            variant="soft"
                            disabled={till.offline}
                            onClick={() => void till.retry(sale.seq).catch(storeFailed)}
                            aria-label={intl.formatMessage({ id: 'pos.offline.retry' }, { number })}
                          >
                            <FormattedMessage id="common.retry" />
                          </Button>
                        )}
                        {(sale.status === 'failed' || sale.status === 'waiting') && (
                          <Button
                            size="1"
                            variant="soft"
                            color="red"
                            onClick={() => setDiscarding(sale)}
                            aria-label={intl.formatMessage({ id: 'pos.offline.discard.open' }, { number })}
                          >
                            <FormattedMessage id="pos.offline.discard.short" />
                          </Button>
                        )}
                      </Flex>
                    </Flex>
                  </li>
                );
              })}
            </ul>
          )}
          <Flex gap="3" mt="4" justify="end">
            <Button variant="soft" color="gray" onClick={() => onOpenChange(false)}>
              <FormattedMessage id="common.close" />
            </Button>
            <Button onClick={till.sendNow} disabled={!canSend} loading={till.syncing}>
              <FormattedMessage id="pos.offline.sendNow" />
            </Button>
          </Flex>
        </Dialog.Content>
      </Dialog.Root>
      <AlertDialog.Root open={discarding !== null} onOpenChange={(next) => !busy && !next && setDiscarding(null)}>
        {discarding && (
          <AlertDialog.Content maxWidth="480px">
            <AlertDialog.Title>
              <FormattedMessage id="pos.offline.discard.title" values={{ number: discarding.offlineNumber }} />
            </AlertDialog.Title>
            <AlertDialog.Description size="2">
              <FormattedMessage
                id="pos.offline.discard.description"
                values={{ total: money(discarding.receipt.totalAmount) }}
              />
            </AlertDialog.Description>
            <Flex gap="3" mt="4" justify="end">
              <AlertDialog.Cancel>
                <Button variant="soft" color="gray" disabled={busy}>
                  <FormattedMessage id="common.cancel" />
                </Button>
              </AlertDialog.Cancel>
              <Button color="red" disabled={busy} onClick={() => void discard(discarding)}>
                <FormattedMessage id="pos.offline.discard.confirm" />
              </Button>
            </Flex>
          </AlertDialog.Content>
        )}
      </AlertDialog.Root>
    </>
  );
}
