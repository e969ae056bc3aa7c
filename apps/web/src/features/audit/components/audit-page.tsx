import { Box, Flex, Heading, Tabs, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { AccessDenied } from '../../../components/access-denied';
import { usePermissions } from '../../../lib/authorization';
import { useSignedInUser } from '../../../lib/session';
import type { AuditTab } from '../audit-tabs';
import { allEvents, EventsTab, type EventsView } from './events-tab';
import { PeriodReportTab } from './period-report-tab';
import { StockAsOfTab, type StockCardLink } from './stock-as-of-tab';
import { StockCardTab, type EventsLink, type StockCardView } from './stock-card-tab';
import { VerificationTab } from './verification-tab';
import './audit.css';

export interface AuditPageProps {
  /** The open tab; the route keeps it in the address (`?tab=`) so a reload or a link opens it again. */
  tab?: AuditTab;
  onTabChange?(tab: AuditTab): void;
}

/**
 * /audit: the auditors' screen (administrators and auditors). Every event of
 * the log, a batch's or product's stock card, stock as of any instant proven
 * against a replay, the period report, and the verification of the read
 * models against a replay.
 */
export function AuditPage(props: AuditPageProps) {
  const { canAudit } = usePermissions();
  if (!canAudit) return <AccessDenied description={<FormattedMessage id="audit.accessDenied" />} />;
  return <Audit {...props} />;
}

function Audit({ tab, onTabChange }: AuditPageProps) {
  const user = useSignedInUser();
  const [localTab, setLocalTab] = useState<AuditTab>('events');
  const current = tab ?? localTab;
  // A tab is drawn once it is first opened and then stays (hidden when not shown), so its
  // choices survive a look at another tab; the page opens drawing only the tab it shows.
  const [opened, setOpened] = useState<ReadonlySet<AuditTab>>(() => new Set([current]));
  if (!opened.has(current)) setOpened(new Set([...opened, current]));
  const change = (next: AuditTab) => {
    setLocalTab(next);
    onTabChange?.(next);
  };
  const here = user.currentPharmacy?.id ?? null;
  // A link from one tab to another opens the other afresh on what it points at (a new key remounts it).
  const [events, setEvents] = useState<{ key: number; view: EventsView }>({ key: 0, view: allEvents });
  const [card, setCard] = useState<{ key: number; view: StockCardView }>({
    key: 0,
    view: { pharmacyId: here, product: null, batch: null, fromDay: '', toDay: '', until: null },
  });

  const openEvents = (link: EventsLink) => {
    setEvents(({ key }) => ({ key: key + 1, view: { ...allEvents, ...link } }));
    change('events');
  };
  const openStockCard = (link: StockCardLink) => {
    setCard(({ key }) => ({ key: key + 1, view: { ...link, fromDay: '', toDay: '' } }));
    change('stock-card');
  };

  return (
    <Flex direction="column" gap="5">
      <Box>
        <Heading as="h1" size="7">
          <FormattedMessage id="audit.title" />
        </Heading>
        <Text as="p" color="gray" mt="1">
          <FormattedMessage id="audit.subtitle" />
        </Text>
      </Box>
      <Tabs.Root value={current} onValueChange={(value) => change(value as AuditTab)}>
        <Tabs.List wrap="wrap">
          <Tabs.Trigger value="events">
            <FormattedMessage id="audit.tab.events" />
          </Tabs.Trigger>
          <Tabs.Trigger value="stock-card">
            <FormattedMessage id="audit.tab.stockCard" />
          </Tabs.Trigger>
          <Tabs.Trigger value="as-of">
            <FormattedMessage id="audit.tab.asOf" />
          </Tabs.Trigger>
          <Tabs.Trigger value="period">
            <FormattedMessage id="audit.tab.period" />
          </Tabs.Trigger>
          <Tabs.Trigger value="verification">
            <FormattedMessage id="audit.tab.verification" />
          </Tabs.Trigger>
        </Tabs.List>
        <Box pt="5">
          {opened.has('events') && (
            <Tabs.Content value="events" forceMount className="audit-tab-panel">
              <EventsTab key={events.key} initial={events.view} />
            </Tabs.Content>
          )}
          {opened.has('stock-card') && (
            <Tabs.Content value="stock-card" forceMount className="audit-tab-panel">
              <StockCardTab key={card.key} initial={card.view} onOpenEvents={openEvents} />
            </Tabs.Content>
          )}
          {opened.has('as-of') && (
            <Tabs.Content value="as-of" forceMount className="audit-tab-panel">
              <StockAsOfTab initialPharmacyId={here} onOpenStockCard={openStockCard} />
            </Tabs.Content>
          )}
          {opened.has('period') && (
            <Tabs.Content value="period" forceMount className="audit-tab-panel">
              <PeriodReportTab initialPharmacyId={here} active={current === 'period'} />
            </Tabs.Content>
          )}
          {opened.has('verification') && (
            <Tabs.Content value="verification" forceMount className="audit-tab-panel">
              <VerificationTab />
            </Tabs.Content>
          )}
        </Box>
      </Tabs.Root>
    </Flex>
  );
}
