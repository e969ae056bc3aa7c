import type { InventoryBatch, InventorySort } from '@pharmacy/contracts';
import { Button, Callout, Flex, Table, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { HistoryDrawer } from '../../../components/history-drawer';
import { HistoryIcon, PencilIcon, PlusIcon, TransferIcon, WarningIcon } from '../../../components/icons';
import { ListPage, ListSearchField } from '../../../components/list-page';
import { useLanguage } from '../../../i18n/use-language';
import { usePermissions } from '../../../lib/authorization';
import { localizedName } from '../../../lib/catalogue';
import { todayIso, useDayFormatter } from '../../../lib/dates';
import { useListSearch } from '../../../lib/list-search';
import { usePageNavigation } from '../../../lib/route-exists';
import { useBatchPage, useFefoBanner } from '../api/inventory-pages';
import { batchListDefaults, inventorySearch } from '../inventory-list';
import { batchStatus } from '../utils/batch-status';
import { BatchFormDialog } from './batch-form-dialog';
import { BatchStatusBadge } from './status-badges';
import { RowIconButton } from '../../../components/row-tooltip';

const TRANSFERS_PATH = '/transfers';

/**
 * Inventory → Batch Management (specification 001 §2): 50 batches a page, most
 * urgent first, searched on the server (product name in either language or
 * batch number); the FEFO banner is the server's first batches to use.
 */
export function BatchManagement() {
  const intl = useIntl();
  const { language } = useLanguage();
  const formatDay = useDayFormatter();
  const { canWrite } = usePermissions();
  // Transfer leads to /transfers: the button appears only where that page exists (not in component tests).
  const openTransfers = usePageNavigation(TRANSFERS_PATH);
  const list = useListSearch(inventorySearch, batchListDefaults);
  const { sort } = list.values;
  const inventory = useBatchPage({ page: list.page, q: list.q, sort });
  // First expired, first out: what to sell (or take off the shelf) first, from stock still held.
  const fefo = useFefoBanner();
  const urgent = fefo.window.rows;
  const pageWindow = inventory.window;
  const today = todayIso();

  const [formOpen, setFormOpen] = useState(false);
  const [formTarget, setFormTarget] = useState<InventoryBatch | null>(null);
  const [formSession, setFormSession] = useState(0);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [historyTarget, setHistoryTarget] = useState<InventoryBatch | null>(null);

  const openForm = (batch: InventoryBatch | null) => {
    setFormTarget(batch);
    setFormSession((session) => session + 1);
    setFormOpen(true);
  };
  const productName = (batch: InventoryBatch) => localizedName(batch.productName, batch.productNameAr, language);

  const renderRow = (batch: InventoryBatch) => {
    const name = productName(batch);
    return (
      <Table.Row key={batch.id}>
        <Table.RowHeaderCell>
          <Text as="div" weight="medium">
            <bdi>{name}</bdi>
          </Text>
          <Text as="div" size="1" color="gray">
            <FormattedMessage id="inventory.batches.received" values={{ date: formatDay(batch.receivedDate) }} />
          </Text>
        </Table.RowHeaderCell>
        <Table.Cell>
          <span className="code-value">{batch.batchNumber}</span>
        </Table.Cell>
        <Table.Cell>
          <FormattedMessage id="inventory.batches.units" values={{ count: batch.quantity }} />
          {batch.reservedQuantity > 0 && (
            // Held for a pending transfer: still here, but neither sold nor adjusted away.
            <Text as="div" size="1" color="amber">
              <FormattedMessage id="inventory.batches.reserved" values={{ count: batch.reservedQuantity }} />
            </Text>
          )}
        </Table.Cell>
        <Table.Cell>{formatDay(batch.expiryDate)}</Table.Cell>
        <Table.Cell>
          <BatchStatusBadge status={batchStatus(batch.expiryDate, today)} />
        </Table.Cell>
        <Table.Cell>
          <bdi>{localizedName(batch.pharmacyName, batch.pharmacyNameAr, language)}</bdi>
        </Table.Cell>
        <Table.Cell>
          <Flex gap="3" align="center">
            {/* Editing a batch is also how its quantity is adjusted: not for those who change nothing. */}
            {canWrite && (
              <RowIconButton
                tooltip={intl.formatMessage({ id: 'common.edit' })}
                label={intl.formatMessage({ id: 'inventory.batches.editLabel' }, { batch: batch.batchNumber, name })}
                onClick={() => openForm(batch)}
              >
                <PencilIcon />
              </RowIconButton>
            )}
            <RowIconButton
              tooltip={intl.formatMessage({ id: 'history.open' })}
              label={intl.formatMessage({ id: 'inventory.batches.historyLabel' }, { batch: batch.batchNumber, name })}
              color="gray"
              onClick={() => {
                setHistoryTarget(batch);
                setHistoryOpen(true);
              }}
            >
              <HistoryIcon />
            </RowIconButton>
            {openTransfers && canWrite && (
              <Button
                variant="ghost"
                size="1"
                color="gray"
                // The create dialog opens with the batch's pharmacy as the source and its product chosen
                // (specification 001 §2 passes nothing; choosing them again by hand was the only way on).
                onClick={() => openTransfers({ from: batch.pharmacyId, product: batch.productId })}
              >
                <TransferIcon />
                <FormattedMessage id="inventory.batches.transfer" />
              </Button>
            )}
          </Flex>
        </Table.Cell>
      </Table.Row>
    );
  };

  return (
    <ListPage
      level={2}
      gap="4"
      title={{ id: 'inventory.batches.title' }}
      actions={
        <Flex gap="2" direction={{ initial: 'column', sm: 'row' }}>
          <ListSearchField list={list} label={{ id: 'inventory.batches.search' }} className="search-field" />
          {canWrite && (
            <Button onClick={() => openForm(null)}>
              <PlusIcon />
              <FormattedMessage id="inventory.batches.add" />
            </Button>
          )}
        </Flex>
      }
      summary={
        urgent.length > 0 && (
          <Callout.Root color="amber" role="status">
            <Callout.Icon>
              <WarningIcon />
            </Callout.Icon>
            <Flex direction="column" gap="1">
              <Text weight="bold" size="2">
                <FormattedMessage id="inventory.fefo.title" />
              </Text>
              <Callout.Text>
                <FormattedMessage id="inventory.fefo.description" />
              </Callout.Text>
              <ul className="plain-list">
                {urgent.map((batch) => (
                  <li key={batch.id}>
                    <Text size="2">
                      <FormattedMessage
                        id="inventory.fefo.item"
                        values={{
                          name: <bdi>{productName(batch)}</bdi>,
                          batch: <span className="code-value">{batch.batchNumber}</span>,
                          date: formatDay(batch.expiryDate),
                        }}
                      />
                    </Text>
                  </li>
                ))}
              </ul>
            </Flex>
          </Callout.Root>
        )
      }
      table={{
        label: { id: 'inventory.batches.title' },
        columns: [
          { id: 'inventory.column.product', minWidth: '220px' },
          { id: 'inventory.column.batchNumber', sortKey: 'batch' },
          { id: 'inventory.column.quantity', sortKey: 'quantity', firstDirection: 'desc' },
          { id: 'inventory.column.expiryDate', sortKey: 'expiry' },
          { id: 'inventory.column.status' },
          { id: 'inventory.column.location' },
          { id: 'inventory.column.actions' },
        ],
        query: inventory,
        window: pageWindow,
        loadError: { title: { id: 'inventory.error.fetchInventory' }, description: { id: 'inventory.error.tryAgain' } },
        renderRow,
        empty: <FormattedMessage id="inventory.batches.empty" />,
        sort: { value: sort, onChange: (next) => list.update({ sort: next as InventorySort }) },
        paging: { list, showing: { id: 'inventory.batches.showing' } },
      }}
    >
      <BatchFormDialog key={formSession} open={formOpen} onOpenChange={setFormOpen} batch={formTarget} />
      <HistoryDrawer
        open={historyOpen}
        onOpenChange={setHistoryOpen}
        subject={historyTarget ? { kind: 'batch', id: historyTarget.id } : null}
        title={
          historyTarget
            ? intl.formatMessage(
                { id: 'inventory.batches.historyTitle' },
                { batch: historyTarget.batchNumber, name: productName(historyTarget) },
              )
            : ''
        }
      />
    </ListPage>
  );
}
