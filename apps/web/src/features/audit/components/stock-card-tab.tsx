import type { StockCard } from '@pharmacy/contracts';
import { Badge, Button, Callout, Card, Flex, Grid, Table, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { DataTable } from '../../../components/data-table';
import { DatePicker } from '../../../components/date-picker';
import { ClockIcon } from '../../../components/icons';
import { PharmacyFilter } from '../../../components/pharmacy-filter';
import { useLanguage } from '../../../i18n/use-language';
import { localizedName } from '../../../lib/catalogue';
import { stockCardQueryOptions, type StockCardSubject } from '../api/audit';
import { usePharmacyOptions } from '../hooks/use-audit-names';
import { useInstantFormatter } from '../hooks/use-instant-formatter';
import { endOfDay, isRecordedLate, startOfDay } from '../utils/instants';
import { movementText, signedPacks } from '../utils/movements';
import { referenceText } from '../utils/references';
import { BatchSelect, type ChosenBatch } from './batch-select';
import { Filter } from './filter';
import { ProductPicker, type ChosenProduct } from './product-picker';

type Movement = StockCard['movements'][number];

/** What a stock card is drawn for, as its fields show it. */
export interface StockCardView {
  pharmacyId: string | null;
  product: ChosenProduct | null;
  batch: ChosenBatch | null;
  /** Whole days (YYYY-MM-DD) on the browser's clock, or '' for open-ended. */
  fromDay: string;
  toDay: string;
  /** An exact instant to end at (a batch opened from "Stock as of"), in place of `toDay`. */
  until: string | null;
}

export function stockCardSubject(view: StockCardView): StockCardSubject | null {
  const from = view.fromDay ? startOfDay(view.fromDay) : null;
  const to = view.until ?? (view.toDay ? endOfDay(view.toDay) : null);
  if (view.batch) return { batchId: view.batch.id, from, to };
  if (view.product && view.pharmacyId) return { productId: view.product.id, pharmacyId: view.pharmacyId, from, to };
  return null;
}

/** Where a movement's event is looked at: the Events tab, filtered to its batch. */
export interface EventsLink {
  pharmacyId: string | null;
  product: ChosenProduct | null;
  batch: ChosenBatch;
}

/**
 * Stock card tab: a product (or one of its batches) at a pharmacy — the
 * opening balance, every movement in business-time order with the balance
 * after it, the closing balance.
 */
export function StockCardTab({
  initial,
  onOpenEvents,
}: {
  initial: StockCardView;
  onOpenEvents(link: EventsLink): void;
}) {
  const intl = useIntl();
  const { language } = useLanguage();
  const instant = useInstantFormatter();
  const pharmacies = usePharmacyOptions();
  const [view, setView] = useState<StockCardView>(initial);
  const subject = stockCardSubject(view);
  const card = useQuery({
    ...stockCardQueryOptions(subject ?? { batchId: '' }),
    enabled: subject !== null,
  });
  const signed = (value: number) => signedPacks(intl, value);

  const renderRow = (movement: Movement) => {
    const late = isRecordedLate(movement.occurredAt, movement.recordedAt);
    const reference = referenceText(intl, movement.movement, movement.reference);
    return (
      <Table.Row key={`${movement.position}-${movement.seq}`} data-late={late || undefined}>
        <Table.Cell>
          <Text as="div" className="nowrap">
            {instant(movement.occurredAt)}
          </Text>
          {late && (
            <Text as="div" size="1" color="gray" className="nowrap">
              <FormattedMessage id="audit.card.recordedAt" values={{ date: instant(movement.recordedAt) }} />
            </Text>
          )}
        </Table.Cell>
        <Table.Cell>
          <span className="code-value">{movement.batchNumber}</span>
        </Table.Cell>
        <Table.Cell>
          <Flex direction="column" gap="1" align="start">
            <Text>{movementText(intl, movement.movement)}</Text>
            {late && (
              <Badge color="amber">
                <FormattedMessage id="audit.events.recordedLate" />
              </Badge>
            )}
          </Flex>
        </Table.Cell>
        <Table.Cell justify="end">
          <Text as="div" weight="medium" color={movement.quantityChange < 0 ? 'red' : undefined}>
            <span className="ltr-value">{signed(movement.quantityChange)}</span>
          </Text>
          {movement.looseChange !== 0 && (
            <Text as="div" size="1" color="gray" className="nowrap">
              <FormattedMessage
                id="audit.card.looseChange"
                values={{ value: <span className="ltr-value">{signed(movement.looseChange)}</span> }}
              />
            </Text>
          )}
          {movement.reservedChange !== 0 && (
            <Text as="div" size="1" color="gray" className="nowrap">
              <FormattedMessage
                id="audit.card.reservedChange"
                values={{ value: <span className="ltr-value">{signed(movement.reservedChange)}</span> }}
              />
            </Text>
          )}
        </Table.Cell>
        <Table.Cell justify="end">
          <Text weight="bold" data-cell="balance">
            {intl.formatNumber(movement.balance)}
          </Text>
        </Table.Cell>
        <Table.Cell>
          {movement.userName ? (
            <bdi>{movement.userName}</bdi>
          ) : (
            <Text color="gray">
              <FormattedMessage id="audit.events.system" />
            </Text>
          )}
        </Table.Cell>
        <Table.Cell>{reference ? <bdi>{reference}</bdi> : <Text color="gray">—</Text>}</Table.Cell>
        <Table.Cell>
          <Flex direction="column" gap="1" align="start">
            <button
              type="button"
              className="audit-link nowrap"
              aria-label={intl.formatMessage({ id: 'audit.card.openEventLabel' }, { batch: movement.batchNumber })}
              onClick={() =>
                onOpenEvents({
                  pharmacyId: view.pharmacyId,
                  product: view.product,
                  batch: { id: movement.batchId, batchNumber: movement.batchNumber },
                })
              }
            >
              <FormattedMessage id="audit.card.openEvent" />
            </button>
            <Text size="1" color="gray" className="code-value" title={movement.eventId}>
              {movement.eventId.slice(0, 8)}
            </Text>
          </Flex>
        </Table.Cell>
      </Table.Row>
    );
  };

  const productName = view.product ? localizedName(view.product.name, view.product.nameAr, language) : '';

  return (
    <Flex direction="column" gap="4">
      <Card size="2">
        <Grid columns={{ initial: '1', sm: '2', md: '3' }} gap="3" align="end">
          <Filter label={<FormattedMessage id="audit.field.pharmacy" />}>
            <PharmacyFilter
              value={view.pharmacyId}
              onChange={(next) => setView((current) => ({ ...current, pharmacyId: next, batch: null }))}
              options={pharmacies.options}
              label={{ id: 'audit.field.pharmacy' }}
              allLabel={{ id: 'audit.choosePharmacy' }}
            />
          </Filter>
          <Filter label={<FormattedMessage id="audit.field.product" />}>
            <ProductPicker
              value={view.product}
              onChange={(product) => setView((current) => ({ ...current, product, batch: null }))}
              label={intl.formatMessage({ id: 'audit.field.product' })}
            />
          </Filter>
          <Filter label={<FormattedMessage id="audit.field.batch" />}>
            <BatchSelect
              pharmacyId={view.pharmacyId}
              productId={view.product?.id ?? null}
              value={view.batch}
              onChange={(batch) => setView((current) => ({ ...current, batch }))}
              label={intl.formatMessage({ id: 'audit.field.batch' })}
            />
          </Filter>
          <Filter label={<FormattedMessage id="audit.field.fromDay" />}>
            <DatePicker
              value={view.fromDay}
              onChange={(day) => setView((current) => ({ ...current, fromDay: day }))}
              label={intl.formatMessage({ id: 'audit.field.fromDay' })}
              placeholder={intl.formatMessage({ id: 'audit.field.anyDay' })}
            />
          </Filter>
          <Filter label={<FormattedMessage id="audit.field.toDay" />}>
            <DatePicker
              value={view.toDay}
              onChange={(day) => setView((current) => ({ ...current, toDay: day, until: null }))}
              label={intl.formatMessage({ id: 'audit.field.toDay' })}
              placeholder={intl.formatMessage({ id: 'audit.field.anyDay' })}
              min={view.fromDay || undefined}
            />
          </Filter>
          <Flex>
            <Button
              variant="soft"
              color="gray"
              onClick={() => setView((current) => ({ ...current, fromDay: '', toDay: '', until: null }))}
              disabled={!view.fromDay && !view.toDay && !view.until}
            >
              <FormattedMessage id="audit.card.wholeHistory" />
            </Button>
          </Flex>
        </Grid>
      </Card>

      {view.until && (
        <Callout.Root color="gray" size="1">
          <Callout.Icon>
            <ClockIcon />
          </Callout.Icon>
          <Callout.Text>
            <FormattedMessage id="audit.card.until" values={{ date: instant(view.until) }} />
          </Callout.Text>
        </Callout.Root>
      )}

      {subject === null ? (
        <Text color="gray">
          <FormattedMessage id="audit.card.choose" />
        </Text>
      ) : (
        <>
          <Grid columns={{ initial: '1', xs: '3' }} gap="3" asChild>
            <ul
              className="plain-list"
              aria-label={intl.formatMessage({ id: 'audit.card.summary' }, { name: productName })}
            >
              <Card asChild className="summary-card" data-card="opening">
                <li>
                  <Text as="div" size="2" color="gray">
                    <FormattedMessage id="audit.card.opening" />
                  </Text>
                  <Text as="div" size="6" weight="bold" data-cell="value">
                    {card.data ? intl.formatNumber(card.data.opening) : '—'}
                  </Text>
                  <Text as="div" size="1" color="gray">
                    {card.data?.from ? instant(card.data.from) : <FormattedMessage id="audit.card.fromStart" />}
                  </Text>
                </li>
              </Card>
              <Card asChild className="summary-card" data-card="movements">
                <li>
                  <Text as="div" size="2" color="gray">
                    <FormattedMessage id="audit.card.movements" />
                  </Text>
                  <Text as="div" size="6" weight="bold" data-cell="value">
                    {card.data ? intl.formatNumber(card.data.movements.length) : '—'}
                  </Text>
                  <Text as="div" size="1" color="gray">
                    {batchOrProduct(view, productName)}
                  </Text>
                </li>
              </Card>
              <Card asChild className="summary-card" data-card="closing">
                <li>
                  <Text as="div" size="2" color="gray">
                    <FormattedMessage id="audit.card.closing" />
                  </Text>
                  <Text as="div" size="6" weight="bold" data-cell="value">
                    {card.data ? intl.formatNumber(card.data.closing) : '—'}
                  </Text>
                  <Text as="div" size="1" color="gray">
                    {card.data?.to ? instant(card.data.to) : <FormattedMessage id="audit.card.toNow" />}
                  </Text>
                </li>
              </Card>
            </ul>
          </Grid>

          <DataTable
            label={intl.formatMessage({ id: 'audit.card.table' })}
            size="1"
            columns={[
              { id: 'audit.card.column.occurred' },
              { id: 'audit.card.column.batch' },
              { id: 'audit.card.column.movement' },
              { id: 'audit.card.column.change', justify: 'end' },
              { id: 'audit.card.column.balance', justify: 'end' },
              { id: 'audit.events.column.user' },
              { id: 'audit.card.column.reference' },
              { id: 'audit.card.column.event' },
            ]}
            loadError={
              card.isError
                ? {
                    title: <FormattedMessage id="audit.card.error" />,
                    onRetry: () => void card.refetch(),
                    isRetrying: card.isFetching,
                  }
                : undefined
            }
            isLoading={card.isPending}
            rows={card.data?.movements ?? []}
            renderRow={renderRow}
            empty={<FormattedMessage id="audit.card.empty" />}
          />
        </>
      )}
    </Flex>
  );
}

function batchOrProduct(view: StockCardView, productName: string) {
  return view.batch ? (
    <FormattedMessage
      id="audit.card.ofBatch"
      values={{ batch: <span className="code-value">{view.batch.batchNumber}</span>, name: <bdi>{productName}</bdi> }}
    />
  ) : (
    <bdi>{productName}</bdi>
  );
}
