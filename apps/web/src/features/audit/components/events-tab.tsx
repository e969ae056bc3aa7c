import { Badge, Button, Card, Flex, Grid, Select, Table, Text } from '@radix-ui/themes';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { DataTable } from '../../../components/data-table';
import { DatePicker } from '../../../components/date-picker';
import { RefreshIcon } from '../../../components/icons';
import { PharmacyFilter } from '../../../components/pharmacy-filter';
import { useLanguage } from '../../../i18n/use-language';
import { auditEventsQueryOptions, type EventFilters } from '../api/audit';
import { usePharmacyOptions, useUserOptions } from '../hooks/use-audit-names';
import { useInstantFormatter } from '../hooks/use-instant-formatter';
import { eventSentence } from '../utils/event-sentence';
import { eventTypeGroups, eventTypeText } from '../utils/event-types';
import { endOfDay, isRecordedLate, shortStream, startOfDay } from '../utils/instants';
import { BatchSelect, type ChosenBatch } from './batch-select';
import { Filter } from './filter';
import { EventDataDialog, type AuditEvent } from './event-data-dialog';
import { ProductPicker, type ChosenProduct } from './product-picker';

/** The value the "any" items stand for (a Select item cannot have an empty value). */
const ANY = '__any__';

/** What the event browser is filtered by, as the filters show it. */
export interface EventsView {
  pharmacyId: string | null;
  type: string | null;
  userId: string | null;
  product: ChosenProduct | null;
  batch: ChosenBatch | null;
  /** Whole days (YYYY-MM-DD) on the browser's clock, or '' for open-ended. */
  fromDay: string;
  toDay: string;
}

export const allEvents: EventsView = {
  pharmacyId: null,
  type: null,
  userId: null,
  product: null,
  batch: null,
  fromDay: '',
  toDay: '',
};

export function eventFiltersOf(view: EventsView): EventFilters {
  return {
    pharmacyId: view.pharmacyId,
    type: view.type,
    userId: view.userId,
    // A batch says more than its product; the server filters by one of them.
    productId: view.batch ? null : (view.product?.id ?? null),
    batchId: view.batch?.id ?? null,
    from: view.fromDay ? startOfDay(view.fromDay) : null,
    to: view.toDay ? endOfDay(view.toDay) : null,
  };
}

/** Events tab: every event of the log, newest first, filtered, a page at a time. */
export function EventsTab({ initial = allEvents }: { initial?: EventsView }) {
  const intl = useIntl();
  const { language } = useLanguage();
  const instant = useInstantFormatter();
  const pharmacies = usePharmacyOptions();
  const users = useUserOptions();
  const [view, setView] = useState<EventsView>(initial);
  const [shown, setShown] = useState<AuditEvent | null>(null);
  const filters = useMemo(() => eventFiltersOf(view), [view]);
  const events = useInfiniteQuery(auditEventsQueryOptions(filters, language));
  const rows = useMemo(() => events.data?.pages.flatMap((page) => page.events) ?? [], [events.data]);
  const set = <K extends keyof EventsView>(field: K, value: EventsView[K]) =>
    setView((current) => ({ ...current, [field]: value }));
  const filtered = JSON.stringify(view) !== JSON.stringify(allEvents);

  const renderRow = (event: AuditEvent) => {
    const late = isRecordedLate(event.occurredAt, event.recordedAt);
    return (
      <Table.Row
        key={event.eventId}
        className="audit-clickable-row"
        data-late={late || undefined}
        onClick={() => setShown(event)}
      >
        <Table.Cell className="nowrap">{instant(event.occurredAt)}</Table.Cell>
        <Table.Cell>
          <Flex direction="column" gap="1" align="start">
            <Text className="nowrap">{instant(event.recordedAt)}</Text>
            {late && (
              <Badge color="amber" data-cell="late">
                <FormattedMessage id="audit.events.recordedLate" />
              </Badge>
            )}
          </Flex>
        </Table.Cell>
        <Table.Cell>
          {event.userName ? (
            <bdi>{event.userName}</bdi>
          ) : (
            <Text color="gray">
              <FormattedMessage id="audit.events.system" />
            </Text>
          )}
        </Table.Cell>
        <Table.Cell>
          <button
            type="button"
            className="audit-link audit-description"
            onClick={(click) => {
              click.stopPropagation();
              setShown(event);
            }}
          >
            {eventSentence(intl, event)}
          </button>
          <Text as="div" size="1" color="gray">
            {eventTypeText(intl, event.type)}
          </Text>
        </Table.Cell>
        <Table.Cell>
          <span className="code-value" title={event.streamId}>
            {shortStream(event.streamId)}
          </span>
        </Table.Cell>
      </Table.Row>
    );
  };

  return (
    <Flex direction="column" gap="4">
      <Card size="2">
        <Grid columns={{ initial: '1', sm: '2', md: '4' }} gap="3" align="end">
          <Filter label={<FormattedMessage id="audit.field.pharmacy" />}>
            <PharmacyFilter
              value={view.pharmacyId}
              onChange={(next) => setView((current) => ({ ...current, pharmacyId: next, batch: null }))}
              options={pharmacies.options}
              label={{ id: 'audit.field.pharmacy' }}
              allLabel={{ id: 'audit.allPharmacies' }}
            />
          </Filter>
          <Filter label={<FormattedMessage id="audit.events.type" />}>
            <Select.Root value={view.type ?? ANY} onValueChange={(next) => set('type', next === ANY ? null : next)}>
              <Select.Trigger className="filter-select" aria-label={intl.formatMessage({ id: 'audit.events.type' })} />
              <Select.Content position="popper">
                <Select.Item value={ANY}>{intl.formatMessage({ id: 'audit.events.anyType' })}</Select.Item>
                {eventTypeGroups.map((group) => (
                  <Select.Group key={group.label.id}>
                    <Select.Label>{intl.formatMessage(group.label)}</Select.Label>
                    {group.types.map((type) => (
                      <Select.Item key={type} value={type}>
                        {eventTypeText(intl, type)}
                      </Select.Item>
                    ))}
                  </Select.Group>
                ))}
              </Select.Content>
            </Select.Root>
          </Filter>
          <Filter label={<FormattedMessage id="audit.events.user" />}>
            <Select.Root value={view.userId ?? ANY} onValueChange={(next) => set('userId', next === ANY ? null : next)}>
              <Select.Trigger className="filter-select" aria-label={intl.formatMessage({ id: 'audit.events.user' })} />
              <Select.Content position="popper">
                <Select.Item value={ANY}>{intl.formatMessage({ id: 'audit.events.anyUser' })}</Select.Item>
                {users.options.map((user) => (
                  <Select.Item key={user.id} value={user.id}>
                    {user.name}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
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
              onChange={(batch) => set('batch', batch)}
              label={intl.formatMessage({ id: 'audit.field.batch' })}
            />
          </Filter>
          <Filter label={<FormattedMessage id="audit.field.fromDay" />}>
            <DatePicker
              value={view.fromDay}
              onChange={(day) => set('fromDay', day)}
              label={intl.formatMessage({ id: 'audit.field.fromDay' })}
              placeholder={intl.formatMessage({ id: 'audit.field.anyDay' })}
            />
          </Filter>
          <Filter label={<FormattedMessage id="audit.field.toDay" />}>
            <DatePicker
              value={view.toDay}
              onChange={(day) => set('toDay', day)}
              label={intl.formatMessage({ id: 'audit.field.toDay' })}
              placeholder={intl.formatMessage({ id: 'audit.field.anyDay' })}
              min={view.fromDay || undefined}
            />
          </Filter>
        </Grid>
        <Flex gap="2" wrap="wrap" justify="end" mt="3">
          <Button variant="soft" color="gray" onClick={() => setView(allEvents)} disabled={!filtered}>
            <FormattedMessage id="audit.events.clearFilters" />
          </Button>
          <Button variant="soft" onClick={() => void events.refetch()} loading={events.isRefetching}>
            <RefreshIcon />
            <FormattedMessage id="audit.refresh" />
          </Button>
        </Flex>
      </Card>

      <DataTable
        label={intl.formatMessage({ id: 'audit.events.table' })}
        size="1"
        columns={[
          { id: 'audit.events.column.occurred' },
          { id: 'audit.events.column.recorded' },
          { id: 'audit.events.column.user' },
          { id: 'audit.events.column.description', minWidth: '260px' },
          { id: 'audit.events.column.stream' },
        ]}
        loadError={
          events.isError && rows.length === 0
            ? {
                title: <FormattedMessage id="audit.events.error" />,
                onRetry: () => void events.refetch(),
                isRetrying: events.isFetching,
              }
            : undefined
        }
        isLoading={events.isPending}
        rows={rows}
        renderRow={renderRow}
        empty={
          filtered ? <FormattedMessage id="audit.events.emptyFiltered" /> : <FormattedMessage id="audit.events.empty" />
        }
      />

      {rows.length > 0 && (
        <Flex justify="between" align="center" gap="3" wrap="wrap">
          <Text size="2" color="gray">
            <FormattedMessage id="audit.events.shown" values={{ count: rows.length }} />
          </Text>
          {events.hasNextPage && (
            <Button variant="soft" onClick={() => void events.fetchNextPage()} loading={events.isFetchingNextPage}>
              <FormattedMessage id="audit.events.loadMore" />
            </Button>
          )}
        </Flex>
      )}

      <EventDataDialog event={shown} pharmacyName={pharmacies.nameOf} onClose={() => setShown(null)} />
    </Flex>
  );
}
