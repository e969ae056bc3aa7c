import type { StockOnHand } from '@pharmacy/contracts';
import { Badge, Button, Callout, Card, Flex, Grid, IconButton, Table, Text, TextField } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { DataTable } from '../../../components/data-table';
import { DatePicker } from '../../../components/date-picker';
import { CheckIcon, ChevronForwardIcon, WarningIcon } from '../../../components/icons';
import { PharmacyFilter } from '../../../components/pharmacy-filter';
import { useLanguage } from '../../../i18n/use-language';
import { localizedName } from '../../../lib/catalogue';
import { useDayFormatter } from '../../../lib/dates';
import { stockOnHandQueryOptions } from '../api/audit';
import { usePharmacyOptions } from '../hooks/use-audit-names';
import { useInstantFormatter } from '../hooks/use-instant-formatter';
import { dayOf, localInstant, timeOfDay } from '../utils/instants';
import { Filter } from './filter';
import type { ChosenProduct } from './product-picker';
import type { ChosenBatch } from './batch-select';

type Product = StockOnHand['products'][number];
type Batch = StockOnHand['batches'][number];

/** A batch to draw the stock card of, up to the instant the stock was asked for. */
export interface StockCardLink {
  pharmacyId: string;
  product: ChosenProduct;
  batch: ChosenBatch;
  until: string;
}

/**
 * Stock as of tab: what a pharmacy held at an instant (business time), per
 * product and batch, and the server's proof: the same answer from a replay of
 * the event log up to that instant.
 */
export function StockAsOfTab({
  initialPharmacyId,
  onOpenStockCard,
}: {
  initialPharmacyId: string | null;
  onOpenStockCard(link: StockCardLink): void;
}) {
  const intl = useIntl();
  const pharmacies = usePharmacyOptions();
  const instant = useInstantFormatter();
  const [now] = useState(() => new Date());
  const [pharmacyId, setPharmacyId] = useState<string | null>(initialPharmacyId);
  const [day, setDay] = useState(dayOf(now));
  const [time, setTime] = useState(timeOfDay(now));
  const [asked, setAsked] = useState<{ pharmacyId: string; asOf: string } | null>(null);
  const [problem, setProblem] = useState<'pharmacy' | 'time' | null>(null);
  const stock = useQuery({
    ...stockOnHandQueryOptions(asked?.pharmacyId ?? '', asked?.asOf ?? ''),
    enabled: asked !== null,
  });

  const show = () => {
    const asOf = localInstant(day, time);
    if (!pharmacyId) return setProblem('pharmacy');
    if (!asOf) return setProblem('time');
    setProblem(null);
    if (asked?.pharmacyId === pharmacyId && asked.asOf === asOf) void stock.refetch();
    else setAsked({ pharmacyId, asOf });
  };

  return (
    <Flex direction="column" gap="4">
      <Card size="2">
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            show();
          }}
        >
          <Grid columns={{ initial: '1', sm: '2', md: '4' }} gap="3" align="end">
            <Filter label={<FormattedMessage id="audit.field.pharmacy" />}>
              <PharmacyFilter
                value={pharmacyId}
                onChange={setPharmacyId}
                options={pharmacies.options}
                label={{ id: 'audit.field.pharmacy' }}
                allLabel={{ id: 'audit.choosePharmacy' }}
              />
            </Filter>
            <Filter label={<FormattedMessage id="audit.asOf.day" />}>
              <DatePicker
                value={day}
                onChange={setDay}
                label={intl.formatMessage({ id: 'audit.asOf.day' })}
                placeholder={intl.formatMessage({ id: 'audit.asOf.day' })}
              />
            </Filter>
            <Filter label={<FormattedMessage id="audit.asOf.time" />}>
              <TextField.Root
                type="time"
                step={1}
                value={time}
                onChange={(event) => setTime(event.target.value)}
                aria-label={intl.formatMessage({ id: 'audit.asOf.time' })}
                aria-invalid={problem === 'time' || undefined}
                className="audit-time-field"
              />
            </Filter>
            <Button type="submit" loading={stock.isFetching}>
              <FormattedMessage id="audit.asOf.show" />
            </Button>
          </Grid>
          {problem && (
            <Text as="p" size="2" color="red" mt="2" role="alert">
              {problem === 'pharmacy' ? (
                <FormattedMessage id="audit.pharmacyRequired" />
              ) : (
                <FormattedMessage id="audit.asOf.timeInvalid" />
              )}
            </Text>
          )}
        </form>
      </Card>

      {asked && (
        <Text size="3" weight="medium" as="p">
          <FormattedMessage
            id="audit.asOf.heading"
            values={{ pharmacy: <bdi>{pharmacies.nameOf(asked.pharmacyId)}</bdi>, date: instant(asked.asOf) }}
          />
        </Text>
      )}
      {asked && stock.data && <ReplayProof stock={stock.data} />}
      {asked && (
        <StockTable
          stock={stock.data}
          isLoading={stock.isPending}
          isError={stock.isError}
          isRetrying={stock.isFetching}
          onRetry={() => void stock.refetch()}
          onOpenBatch={(product, batch) =>
            onOpenStockCard({
              pharmacyId: asked.pharmacyId,
              product: {
                id: product.productId,
                name: product.productName,
                nameAr: product.productNameAr,
                sku: product.productSku,
              },
              batch: { id: batch.batchId, batchNumber: batch.batchNumber },
              until: asked.asOf,
            })
          }
        />
      )}
    </Flex>
  );
}

/** The server's replay of the log up to the instant, and whether it agrees with the ledger's answer. */
function ReplayProof({ stock }: { stock: StockOnHand }) {
  const intl = useIntl();
  const verification = stock.verification;
  if (!verification) return null;
  const batchNumber = (batchId: string) =>
    stock.batches.find((batch) => batch.batchId === batchId)?.batchNumber ?? batchId.slice(0, 8);
  if (verification.matches) {
    return (
      <Callout.Root color="green" data-proof="matches">
        <Callout.Icon>
          <CheckIcon />
        </Callout.Icon>
        <Flex direction="column" gap="1" align="start">
          <Badge color="green" variant="solid" size="2">
            <FormattedMessage id="audit.asOf.matches" />
          </Badge>
          <Callout.Text>
            <FormattedMessage id="audit.asOf.proven" values={{ count: verification.eventsReplayed }} />
          </Callout.Text>
        </Flex>
      </Callout.Root>
    );
  }
  return (
    <Callout.Root color="red" role="alert" data-proof="differs">
      <Callout.Icon>
        <WarningIcon />
      </Callout.Icon>
      <Flex direction="column" gap="2" align="start" width="100%">
        <Badge color="red" variant="solid" size="2">
          <FormattedMessage id="audit.asOf.differs" />
        </Badge>
        <Callout.Text>
          <FormattedMessage
            id="audit.asOf.differences"
            values={{ count: verification.differences.length, total: verification.eventsReplayed }}
          />
        </Callout.Text>
        <Table.Root size="1" variant="surface" aria-label={intl.formatMessage({ id: 'audit.asOf.differencesTable' })}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>
                <FormattedMessage id="audit.field.batch" />
              </Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">
                <FormattedMessage id="audit.asOf.ledger" />
              </Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">
                <FormattedMessage id="audit.asOf.replay" />
              </Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">
                <FormattedMessage id="audit.asOf.ledgerLoose" />
              </Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">
                <FormattedMessage id="audit.asOf.replayLoose" />
              </Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {verification.differences.map((difference) => (
              <Table.Row key={difference.batchId}>
                <Table.RowHeaderCell>
                  <span className="code-value">{batchNumber(difference.batchId)}</span>
                </Table.RowHeaderCell>
                <Table.Cell justify="end">{intl.formatNumber(difference.ledger)}</Table.Cell>
                <Table.Cell justify="end">{intl.formatNumber(difference.replay)}</Table.Cell>
                <Table.Cell justify="end">{intl.formatNumber(difference.ledgerLoose)}</Table.Cell>
                <Table.Cell justify="end">{intl.formatNumber(difference.replayLoose)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Flex>
    </Callout.Root>
  );
}

function StockTable({
  stock,
  isLoading,
  isError,
  isRetrying,
  onRetry,
  onOpenBatch,
}: {
  stock: StockOnHand | undefined;
  isLoading: boolean;
  isError: boolean;
  isRetrying: boolean;
  onRetry(): void;
  onOpenBatch(product: Product, batch: Batch): void;
}) {
  const intl = useIntl();
  const { language } = useLanguage();
  const day = useDayFormatter();
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const batchesOf = useMemo(() => {
    const byProduct = new Map<string, Batch[]>();
    for (const batch of stock?.batches ?? []) {
      byProduct.set(batch.productId, [...(byProduct.get(batch.productId) ?? []), batch]);
    }
    return byProduct;
  }, [stock]);
  const differing = new Set(stock?.verification?.differences.map((difference) => difference.batchId));
  const toggle = (productId: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(productId)) next.add(productId);
      return next;
    });

  const renderRow = (product: Product) => {
    const name = localizedName(product.productName, product.productNameAr, language);
    const expanded = open.has(product.productId);
    const batches = batchesOf.get(product.productId) ?? [];
    return (
      <Fragment key={product.productId}>
        <Table.Row className="audit-product-row">
          <Table.RowHeaderCell>
            <Flex gap="2" align="center">
              <IconButton
                size="1"
                variant="ghost"
                className="audit-expander"
                aria-expanded={expanded}
                aria-label={intl.formatMessage({ id: 'audit.showBatches' }, { name })}
                onClick={() => toggle(product.productId)}
              >
                <ChevronForwardIcon />
              </IconButton>
              <Text weight="medium" className="wrap-anywhere">
                <bdi>{name}</bdi>
              </Text>
            </Flex>
          </Table.RowHeaderCell>
          <Table.Cell>
            <span className="code-value">{product.productSku}</span>
          </Table.Cell>
          <Table.Cell />
          <Table.Cell justify="end">
            <Text weight="bold">{intl.formatNumber(product.quantity)}</Text>
          </Table.Cell>
          <Table.Cell justify="end">{intl.formatNumber(product.looseUnits)}</Table.Cell>
        </Table.Row>
        {expanded &&
          batches.map((batch) => (
            <Table.Row
              key={batch.batchId}
              className="audit-batch-row"
              data-batch={batch.batchNumber}
              data-differs={differing.has(batch.batchId) || undefined}
            >
              <Table.Cell>
                <button
                  type="button"
                  className="audit-link"
                  aria-label={intl.formatMessage({ id: 'audit.asOf.openCard' }, { batch: batch.batchNumber })}
                  onClick={() => onOpenBatch(product, batch)}
                >
                  <FormattedMessage
                    id="audit.batchLabel"
                    values={{ batch: <span className="code-value">{batch.batchNumber}</span> }}
                  />
                </button>
                {differing.has(batch.batchId) && (
                  <Badge color="red" ml="2">
                    <FormattedMessage id="audit.asOf.differs" />
                  </Badge>
                )}
              </Table.Cell>
              <Table.Cell />
              <Table.Cell className="nowrap">{batch.expiryDate ? day(batch.expiryDate) : '—'}</Table.Cell>
              <Table.Cell justify="end" data-cell="quantity">
                {intl.formatNumber(batch.quantity)}
              </Table.Cell>
              <Table.Cell justify="end">{intl.formatNumber(batch.looseUnits)}</Table.Cell>
            </Table.Row>
          ))}
      </Fragment>
    );
  };

  const products = stock?.products ?? [];
  return (
    <Flex direction="column" gap="2">
      {products.length > 0 && (
        <Flex justify="end" gap="2">
          <Button
            size="1"
            variant="ghost"
            onClick={() =>
              setOpen(open.size === products.length ? new Set() : new Set(products.map((p) => p.productId)))
            }
          >
            {open.size === products.length ? (
              <FormattedMessage id="audit.collapseAll" />
            ) : (
              <FormattedMessage id="audit.expandAll" />
            )}
          </Button>
        </Flex>
      )}
      <DataTable
        label={intl.formatMessage({ id: 'audit.asOf.table' })}
        size="1"
        columns={[
          { id: 'audit.column.product', minWidth: '220px' },
          { id: 'audit.column.sku' },
          { id: 'audit.column.expiry' },
          { id: 'audit.column.packs', justify: 'end' },
          { id: 'audit.column.looseUnits', justify: 'end' },
        ]}
        loadError={isError ? { title: <FormattedMessage id="audit.asOf.error" />, onRetry, isRetrying } : undefined}
        isLoading={isLoading}
        rows={products}
        renderRow={renderRow}
        empty={<FormattedMessage id="audit.asOf.empty" />}
      />
    </Flex>
  );
}
