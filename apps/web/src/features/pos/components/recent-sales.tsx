import { Badge, Box, Button, Card, Flex, Heading, Text, VisuallyHidden } from '@radix-ui/themes';
import { FormattedMessage, useIntl } from 'react-intl';
import { ReceiptIcon } from '../../../components/icons';
import { useDateTimeFormatter } from '../../../lib/dates';
import { useMoneyFormatter } from '../../../lib/money';
import { useRecentSales } from '../api/sales';
import { saleNumber } from '../utils/sale-number';

/** The pharmacy's latest sales, to reprint a receipt or take a return. */
export function RecentSales({ pharmacyId, onOpen }: { pharmacyId: string; onOpen(saleId: string): void }) {
  const intl = useIntl();
  const money = useMoneyFormatter();
  const dateTime = useDateTimeFormatter();
  const sales = useRecentSales(pharmacyId, 8);
  return (
    <Card asChild>
      <section aria-labelledby="pos-recent-title">
        <Heading as="h2" size="4" mb="3" id="pos-recent-title">
          <FormattedMessage id="pos.recent.title" />
        </Heading>
        {sales.isError ? (
          <Text size="2" color="red">
            <FormattedMessage id="pos.recent.failed" />
          </Text>
        ) : sales.isPending ? (
          <Text size="2" color="gray">
            <FormattedMessage id="common.loading" />
          </Text>
        ) : sales.data.length === 0 ? (
          <Text size="2" color="gray">
            <FormattedMessage id="pos.recent.empty" />
          </Text>
        ) : (
          <ul className="pos-results">
            {sales.data.map((sale) => {
              const number = saleNumber(sale.id);
              return (
                <li key={sale.id}>
                  <Button
                    variant="ghost"
                    color="gray"
                    style={{
                      width: '100%',
                      height: 'auto',
                      justifyContent: 'space-between',
                      padding: 'var(--space-2)',
                    }}
                    onClick={() => onOpen(sale.id)}
                  >
                    {/* Named by what it shows, after "Open sale" (WCAG 2.5.3: the name contains the visible text). */}
                    <VisuallyHidden>
                      <FormattedMessage id="pos.recent.open" />{' '}
                    </VisuallyHidden>
                    <Flex align="center" gap="2" style={{ minWidth: 0 }}>
                      <ReceiptIcon />
                      <Box style={{ textAlign: 'start', minWidth: 0 }}>
                        <Text as="div" size="2" weight="medium">
                          <bdi>#{number}</bdi> · {sale.customerName ?? intl.formatMessage({ id: 'pos.recent.walkIn' })}
                        </Text>
                        <Text as="div" size="1" color="gray">
                          {dateTime(sale.createdAt)}
                          {sale.offlineNumber && (
                            <>
                              {' · '}
                              <FormattedMessage
                                id="pos.recent.offlineNumber"
                                values={{ number: <bdi>{sale.offlineNumber}</bdi> }}
                              />
                            </>
                          )}
                        </Text>
                      </Box>
                    </Flex>
                    <Flex direction="column" align="end" gap="1">
                      <Text size="2" weight="bold" className="receipt-amount">
                        {money(sale.totalAmount)}
                      </Text>
                      {sale.offlineNumber && (
                        <Badge color="orange" size="1">
                          <FormattedMessage id="pos.recent.offline" />
                        </Badge>
                      )}
                      {Number(sale.refundedAmount) > 0 && (
                        <Badge color="orange" size="1">
                          <FormattedMessage id="pos.recent.refunded" values={{ amount: money(sale.refundedAmount) }} />
                        </Badge>
                      )}
                    </Flex>
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </Card>
  );
}
