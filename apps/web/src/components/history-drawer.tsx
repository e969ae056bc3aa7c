import type { AdjustmentReason, HistoryEntry, SalesUnit } from '@pharmacy/contracts';
import { Badge, Box, Button, Callout, Flex, Heading, IconButton, Skeleton, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { Dialog } from 'radix-ui';
import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../i18n/messages';
import { useLanguage } from '../i18n/use-language';
import {
  historyQueryOptions,
  localizedName,
  productsQueryOptions,
  useCategories,
  useSuppliers,
  type HistorySubject,
} from '../lib/catalogue';
import { adjustmentReasonLabels } from '../lib/adjustment-reasons';
import { useDateTimeFormatter, useDayFormatter } from '../lib/dates';
import { describeHistoryEntry, type HistoryField, type HistoryKind, type HistoryLine } from '../lib/history';
import { useMoneyFormatter } from '../lib/money';
import { usePharmacies } from '../lib/pharmacies';
import { salesUnitLabels } from '../lib/sales-units';
import { ArrowForwardIcon, CloseIcon, WarningIcon } from './icons';
import { useFocusReturn } from '../lib/focus-return';

const kindTitles = {
  productRegistered: { id: 'history.event.productRegistered' },
  productDetailsChanged: { id: 'history.event.productDetailsChanged' },
  productPriceChanged: { id: 'history.event.productPriceChanged' },
  productCommissionChanged: { id: 'history.event.productCommissionChanged' },
  productActivated: { id: 'history.event.productActivated' },
  productDeactivated: { id: 'history.event.productDeactivated' },
  productDeleted: { id: 'history.event.productDeleted' },
  batchReceived: { id: 'history.event.batchReceived' },
  batchCorrected: { id: 'history.event.batchCorrected' },
  stockAdjusted: { id: 'history.event.stockAdjusted' },
  productWithdrawn: { id: 'history.event.productWithdrawn' },
  productReinstated: { id: 'history.event.productReinstated' },
  other: { id: 'history.event.other' },
} as const satisfies Record<HistoryKind, { id: MessageId }>;

const fieldLabels = {
  name: { id: 'history.field.name' },
  nameAr: { id: 'history.field.nameAr' },
  sku: { id: 'history.field.sku' },
  barcode: { id: 'history.field.barcode' },
  description: { id: 'history.field.description' },
  descriptionAr: { id: 'history.field.descriptionAr' },
  brand: { id: 'history.field.brand' },
  genericName: { id: 'history.field.genericName' },
  genericNameAr: { id: 'history.field.genericNameAr' },
  categoryId: { id: 'history.field.category' },
  supplierId: { id: 'history.field.supplier' },
  salesUnit: { id: 'history.field.salesUnit' },
  unitsPerPackage: { id: 'history.field.unitsPerPackage' },
  minStockLevel: { id: 'history.field.minStockLevel' },
  maxStockLevel: { id: 'history.field.maxStockLevel' },
  requiresPrescription: { id: 'history.field.requiresPrescription' },
  price: { id: 'history.field.price' },
  cost: { id: 'history.field.cost' },
  commissionRate: { id: 'history.field.commissionRate' },
  commissionEnabled: { id: 'history.field.commissionEnabled' },
  reason: { id: 'history.field.reason' },
  productId: { id: 'history.field.product' },
  pharmacyId: { id: 'history.field.location' },
  batchNumber: { id: 'history.field.batchNumber' },
  quantity: { id: 'history.field.quantity' },
  purchasePrice: { id: 'history.field.purchasePrice' },
  expiryDate: { id: 'history.field.expiryDate' },
  quantityChange: { id: 'history.field.quantityChange' },
  adjustmentReason: { id: 'history.field.adjustmentReason' },
  note: { id: 'history.field.note' },
} as const satisfies Record<HistoryField, { id: MessageId }>;

const moneyFields = new Set<HistoryField>(['price', 'cost', 'purchasePrice']);
const yesNoFields = new Set<HistoryField>(['requiresPrescription', 'commissionEnabled']);
const numberFields = new Set<HistoryField>(['unitsPerPackage', 'minStockLevel', 'maxStockLevel', 'quantity']);
// Codes, and signed numbers (whose sign would otherwise land on the wrong side in Arabic).
const ltrFields = new Set<HistoryField>(['sku', 'barcode', 'batchNumber', 'quantityChange']);

export interface HistoryDrawerProps {
  /** Whose history; null while closed (the drawer keeps the last one while it animates away). */
  subject: HistorySubject | null;
  /** What the history is of, e.g. the product's name or "Batch LOT-42". */
  title: string;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/**
 * Every recorded event of a product or a batch, newest first: what happened in
 * plain words, the fields that changed (old → new), who did it (or "System")
 * and when, in the reader's language. A side sheet on the reading end.
 */
export function HistoryDrawer({ subject, title, open, onOpenChange }: HistoryDrawerProps) {
  const focusReturn = useFocusReturn(open);
  const intl = useIntl();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {/* No portal: the sheet stays inside the Radix theme (its colours and fonts). */}
      <Dialog.Overlay className="drawer-overlay" />
      <Dialog.Content {...focusReturn} className="drawer" aria-describedby={undefined}>
        <Flex direction="column" gap="4" p="5">
          <Flex justify="between" align="start" gap="3">
            <Box minWidth="0">
              <Dialog.Title asChild>
                <Heading as="h2" size="5">
                  <FormattedMessage id="history.title" />
                </Heading>
              </Dialog.Title>
              <Text as="p" size="2" color="gray" className="wrap-anywhere">
                <bdi>{title}</bdi>
              </Text>
            </Box>
            <Dialog.Close asChild>
              <IconButton variant="ghost" color="gray" aria-label={intl.formatMessage({ id: 'common.close' })}>
                <CloseIcon />
              </IconButton>
            </Dialog.Close>
          </Flex>
          {subject && <HistoryList subject={subject} />}
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}

function HistoryList({ subject }: { subject: HistorySubject }) {
  const intl = useIntl();
  const history = useQuery(historyQueryOptions(subject));
  const entries = useMemo(() => [...(history.data ?? [])].reverse(), [history.data]);

  if (history.isPending) {
    return (
      <Flex direction="column" gap="3" role="status" aria-label={intl.formatMessage({ id: 'history.loading' })}>
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} height="72px" />
        ))}
      </Flex>
    );
  }
  if (history.isError) {
    return (
      <Callout.Root color="red" role="alert">
        <Callout.Icon>
          <WarningIcon />
        </Callout.Icon>
        <Flex direction="column" gap="2" align="start">
          <Callout.Text>
            <FormattedMessage id="history.loadError" />
          </Callout.Text>
          <Button size="1" variant="soft" color="red" onClick={() => void history.refetch()}>
            <FormattedMessage id="common.retry" />
          </Button>
        </Flex>
      </Callout.Root>
    );
  }
  if (entries.length === 0) {
    return (
      <Text as="p" color="gray">
        <FormattedMessage id="history.empty" />
      </Text>
    );
  }
  return (
    <ol className="history-list" aria-label={intl.formatMessage({ id: 'history.title' })}>
      {entries.map((entry) => (
        <HistoryItem key={`${entry.position}-${entry.type}`} entry={entry} />
      ))}
    </ol>
  );
}

function HistoryItem({ entry }: { entry: HistoryEntry }) {
  const intl = useIntl();
  const formatDateTime = useDateTimeFormatter();
  const described = describeHistoryEntry(entry);
  const formatValue = useHistoryValueFormatter(described.lines.some((line) => line.field === 'productId'));
  return (
    <li className="history-item">
      <Flex direction="column" gap="2">
        <Flex justify="between" gap="3" wrap="wrap" align="baseline">
          <Text weight="bold" size="2">
            {described.kind === 'other' ? (
              <FormattedMessage id="history.event.other" values={{ type: entry.type }} />
            ) : (
              intl.formatMessage(kindTitles[described.kind])
            )}
          </Text>
          <Text size="1" color="gray">
            <time dateTime={entry.occurredAt}>{formatDateTime(entry.occurredAt)}</time>
          </Text>
        </Flex>
        <Text size="1" color="gray">
          <FormattedMessage
            id="history.by"
            values={{
              name: <bdi>{entry.userName ?? intl.formatMessage({ id: 'history.system' })}</bdi>,
            }}
          />
        </Text>
        {described.lines.length > 0 && (
          <dl className="history-lines">
            {described.lines.map((line) => (
              <HistoryLineView key={line.field} line={line} formatValue={formatValue} />
            ))}
          </dl>
        )}
      </Flex>
    </li>
  );
}

function HistoryLineView({
  line,
  formatValue,
}: {
  line: HistoryLine;
  formatValue: (field: HistoryField, value: unknown) => string;
}) {
  const intl = useIntl();
  const ltr = ltrFields.has(line.field);
  const value = (text: string) => (ltr ? <span className="code-value">{text}</span> : <bdi>{text}</bdi>);
  return (
    <div className="history-line">
      <dt>
        <Text size="2" color="gray">
          {intl.formatMessage(fieldLabels[line.field])}
        </Text>
      </dt>
      <dd>
        <Text size="2">
          {'from' in line ? (
            <Flex asChild gap="1" align="center" wrap="wrap" display="inline-flex">
              <span>
                <Badge color="gray" variant="soft" className="history-old">
                  {value(formatValue(line.field, line.from))}
                </Badge>
                <ArrowForwardIcon
                  width={14}
                  height={14}
                  aria-label={intl.formatMessage({ id: 'history.changedTo' })}
                  aria-hidden={false}
                  role="img"
                />
                <Badge variant="soft">{value(formatValue(line.field, line.value))}</Badge>
              </span>
            </Flex>
          ) : (
            value(formatValue(line.field, line.value))
          )}
        </Text>
      </dd>
    </div>
  );
}

/**
 * A recorded value as the reader expects it: money, dates, yes/no, units and
 * names instead of ids. The whole catalogue (thousands of products) is read
 * only for an entry that names a product by its id.
 */
function useHistoryValueFormatter(namesProducts: boolean): (field: HistoryField, value: unknown) => string {
  const intl = useIntl();
  const { language } = useLanguage();
  const money = useMoneyFormatter();
  const formatDay = useDayFormatter();
  // Names for the ids an event records; these lists are usually cached by the page already.
  const products = useQuery({ ...productsQueryOptions(), enabled: namesProducts });
  const categories = useCategories();
  const suppliers = useSuppliers();
  const pharmacies = usePharmacies();

  return useMemo(() => {
    const names = new Map<string, string>();
    for (const list of [products.data, categories.data, pharmacies.data]) {
      for (const item of list ?? []) names.set(item.id, localizedName(item.name, item.nameAr, language));
    }
    for (const supplier of suppliers.data ?? []) names.set(supplier.id, supplier.name);
    const none = intl.formatMessage({ id: 'history.none' });

    return (field, value) => {
      if (value === null || value === undefined || value === '') return none;
      if (moneyFields.has(field)) return money(String(value));
      if (yesNoFields.has(field)) {
        return value === true ? intl.formatMessage({ id: 'common.yes' }) : intl.formatMessage({ id: 'common.no' });
      }
      if (numberFields.has(field) && typeof value === 'number') return intl.formatNumber(value);
      switch (field) {
        case 'commissionRate':
          return intl.formatNumber(Number(value) / 100, { style: 'percent', maximumFractionDigits: 2 });
        case 'expiryDate':
          return formatDay(String(value));
        case 'quantityChange':
          return intl.formatNumber(Number(value), { signDisplay: 'exceptZero' });
        case 'adjustmentReason':
          return String(value) in adjustmentReasonLabels
            ? intl.formatMessage(adjustmentReasonLabels[String(value) as AdjustmentReason])
            : String(value);
        case 'salesUnit':
          return String(value) in salesUnitLabels
            ? intl.formatMessage(salesUnitLabels[String(value) as SalesUnit])
            : String(value);
        case 'categoryId':
        case 'supplierId':
        case 'productId':
        case 'pharmacyId': {
          const id = String(value);
          return names.get(id) ?? intl.formatMessage({ id: 'history.unknownReference' }, { id: id.slice(-8) });
        }
        default:
          return String(value);
      }
    };
  }, [intl, language, money, formatDay, products.data, categories.data, suppliers.data, pharmacies.data]);
}
