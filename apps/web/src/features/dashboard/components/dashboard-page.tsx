import { Box, Flex, Grid, Heading, Text } from '@radix-ui/themes';
import { useMemo, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { CartIcon } from '../../../components/icons';
import { usePermissions, useRole } from '../../../lib/authorization';
import { usePharmacies } from '../../../lib/pharmacies';
import { useSignedInUser } from '../../../lib/session';
import type { NamedPharmacy } from '../utils/inventory-overview';
import { DashboardAlerts } from './dashboard-alerts';
import { DiscrepancyAlert } from './discrepancy-alert';
import { FefoRecommendations } from './fefo-recommendations';
import { InventoryOverview } from './inventory-overview';
import { LocationSelect } from './location-select';
import { MetricCards } from './metric-cards';
import { PageLinkButton } from './page-link-button';
import { QuickActions } from './quick-actions';
import { RecentSales } from './recent-sales';
import { VerificationAlert } from './verification-alert';
import './dashboard.css';

export interface DashboardPageProps {
  /** The chosen location (null: all). The route keeps it in the address (`?location=`) so a reload keeps it. */
  pharmacyId?: string | null;
  onPharmacyChange?(pharmacyId: string | null): void;
}

/** The signed-in home page (specification §2, "Dashboard"). */
export function DashboardPage({ pharmacyId, onPharmacyChange }: DashboardPageProps) {
  const user = useSignedInUser();
  const role = useRole();
  const { canWrite } = usePermissions();
  const pharmacies = usePharmacies();
  const [localPharmacyId, setLocalPharmacyId] = useState<string | null>(null);
  const scope = pharmacyId === undefined ? localPharmacyId : pharmacyId;
  const choose = (next: string | null) => {
    setLocalPharmacyId(next);
    onPharmacyChange?.(next);
  };

  // Administrators may look at any location; pharmacists at their own (the server refuses others).
  // Until the list arrives (or if it cannot), the user's own pharmacies are offered.
  const options = useMemo<NamedPharmacy[]>(() => {
    if (!pharmacies.data) return user.pharmacies;
    const assigned = new Set(user.pharmacies.map((pharmacy) => pharmacy.id));
    return pharmacies.data.filter((pharmacy) => role !== 'pharmacist' || assigned.has(pharmacy.id));
  }, [pharmacies.data, user.pharmacies, role]);
  const known = useMemo(() => [...options, ...user.pharmacies], [options, user.pharmacies]);
  const firstName = user.firstName?.trim() || user.email;

  return (
    <Flex direction="column" gap="5">
      <VerificationAlert />
      <Flex
        direction={{ initial: 'column', sm: 'row' }}
        justify="between"
        align={{ initial: 'stretch', sm: 'end' }}
        gap="4"
      >
        <Box>
          <Heading as="h1" size="7">
            <FormattedMessage id="nav.dashboard" />
          </Heading>
          <Text as="p" color="gray" mt="1">
            <FormattedMessage id="dashboard.welcome" values={{ name: <bdi>{firstName}</bdi> }} />
          </Text>
        </Box>
        <Flex gap="2" wrap="wrap" align="center">
          <LocationSelect value={scope} options={options} onChange={choose} />
          {canWrite && (
            <PageLinkButton target={{ to: '/pos' }}>
              <CartIcon />
              <FormattedMessage id="dashboard.quickSale" />
            </PageLinkButton>
          )}
        </Flex>
      </Flex>

      <DiscrepancyAlert pharmacyId={scope} />
      <DashboardAlerts pharmacyId={scope} />
      <MetricCards pharmacyId={scope} />
      <QuickActions />
      <Grid columns={{ initial: '1', md: '2' }} gap="4" align="start">
        <RecentSales pharmacyId={scope} />
        <FefoRecommendations pharmacyId={scope} />
      </Grid>
      <InventoryOverview pharmacyId={scope} pharmacies={known} />
    </Flex>
  );
}
