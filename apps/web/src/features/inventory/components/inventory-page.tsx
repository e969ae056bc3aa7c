import { Box, Flex, Heading, Tabs, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { InventoryTab } from '../inventory-tabs';
import { BatchManagement } from './batch-management';
import { ExpiryTracking } from './expiry-tracking';
import { StockOverview } from './stock-overview';

export interface InventoryPageProps {
  /** The open tab; the route keeps it in the address (`?tab=`) so a reload or a shared link opens it again. */
  tab?: InventoryTab;
  onTabChange?(tab: InventoryTab): void;
}

/** /inventory (specification 001 §2): Overview (the default), Batch Management and Expiry Tracking. */
export function InventoryPage({ tab, onTabChange }: InventoryPageProps) {
  const [localTab, setLocalTab] = useState<InventoryTab>('overview');
  const current = tab ?? localTab;
  const change = (value: string) => {
    const next = value as InventoryTab;
    setLocalTab(next);
    onTabChange?.(next);
  };
  return (
    <Flex direction="column" gap="5">
      <Box>
        <Heading as="h1" size="7">
          <FormattedMessage id="nav.inventory" />
        </Heading>
        <Text as="p" color="gray" mt="1">
          <FormattedMessage id="inventory.subtitle" />
        </Text>
      </Box>
      <Tabs.Root value={current} onValueChange={change}>
        <Tabs.List wrap="wrap">
          <Tabs.Trigger value="overview">
            <FormattedMessage id="inventory.tab.overview" />
          </Tabs.Trigger>
          <Tabs.Trigger value="batches">
            <FormattedMessage id="inventory.tab.batches" />
          </Tabs.Trigger>
          <Tabs.Trigger value="expiry">
            <FormattedMessage id="inventory.tab.expiry" />
          </Tabs.Trigger>
        </Tabs.List>
        <Box pt="5">
          <Tabs.Content value="overview">
            <StockOverview />
          </Tabs.Content>
          <Tabs.Content value="batches">
            <BatchManagement />
          </Tabs.Content>
          <Tabs.Content value="expiry">
            <ExpiryTracking />
          </Tabs.Content>
        </Box>
      </Tabs.Root>
    </Flex>
  );
}
