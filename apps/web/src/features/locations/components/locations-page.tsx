import type { Pharmacy } from '@pharmacy/contracts';
import { Box, Button, Flex, Grid, Heading, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { DownloadIcon, PlusIcon } from '../../../components/icons';
import { useLanguage } from '../../../i18n/use-language';
import { usePermissions } from '../../../lib/authorization';
import { useCsvExport } from '../../../lib/csv-export';
import { usePharmacies } from '../../../lib/pharmacies';
import { useLocationSearch } from '../hooks/use-location-search';
import { bilingualLines } from '../utils/bilingual-lines';
import { locationCsvColumns, locationCsvExport } from '../utils/locations-csv';
import { DeleteLocationDialog } from './delete-location-dialog';
import { LocationCard } from './location-card';
import { LocationFormDialog } from './location-form-dialog';
import { LOCATION_GRID_COLUMNS } from './location-grid';
import { LocationsEmptyState } from './locations-empty-state';
import { LocationsLoadError } from './locations-load-error';
import { LocationsSkeleton } from './locations-skeleton';
import { SearchField } from '../../../components/search-field';

export function LocationsPage() {
  const intl = useIntl();
  const { language } = useLanguage();
  const { canManageLocations } = usePermissions();
  const pharmacies = usePharmacies();
  const { query, setQuery, results, isSearching } = useLocationSearch(pharmacies.data);
  const csv = useCsvExport(locationCsvColumns, locationCsvExport);

  // The dialogs keep their last target while they animate closed, so their text does not flip mid-animation.
  const [formOpen, setFormOpen] = useState(false);
  const [formTarget, setFormTarget] = useState<Pharmacy | null>(null);
  // A new key per opening gives the form fresh values; closing keeps the key so the exit animation runs.
  const [formSession, setFormSession] = useState(0);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [deleteTarget, setDeleteTarget] = useState<Pharmacy | null>(null);

  const openCreate = () => {
    setFormTarget(null);
    setFormSession((session) => session + 1);
    setFormOpen(true);
  };
  const openEdit = (location: Pharmacy) => {
    setFormTarget(location);
    setFormSession((session) => session + 1);
    setFormOpen(true);
  };
  const openDelete = (location: Pharmacy) => {
    setDeleteTarget(location);
    setDeleteOpen(true);
  };

  let content;
  if (pharmacies.isPending) {
    content = <LocationsSkeleton />;
  } else if (pharmacies.isError) {
    content = <LocationsLoadError onRetry={() => void pharmacies.refetch()} isRetrying={pharmacies.isFetching} />;
  } else if (results.length === 0) {
    content = <LocationsEmptyState isSearching={isSearching} canManage={canManageLocations} onAdd={openCreate} />;
  } else {
    content = (
      <Grid columns={LOCATION_GRID_COLUMNS} gap="4" asChild>
        <section aria-label={intl.formatMessage({ id: 'locations.list.label' })}>
          {results.map((location) => (
            <LocationCard
              key={location.id}
              location={location}
              canManage={canManageLocations}
              onEdit={openEdit}
              onDelete={openDelete}
            />
          ))}
        </section>
      </Grid>
    );
  }

  return (
    <Flex direction="column" gap="5">
      <Flex
        direction={{ initial: 'column', sm: 'row' }}
        justify="between"
        align={{ initial: 'stretch', sm: 'end' }}
        gap="4"
      >
        <Box>
          <Heading as="h1" size="7">
            <FormattedMessage id="locations.title" />
          </Heading>
          <Text as="p" color="gray" mt="1">
            <FormattedMessage id="locations.subtitle" />
            {pharmacies.data && (
              <>
                {' · '}
                <FormattedMessage id="locations.count" values={{ count: pharmacies.data.length }} />
              </>
            )}
          </Text>
        </Box>
        <Flex gap="2" wrap="wrap">
          <Button variant="soft" onClick={() => void csv.download(results)} disabled={results.length === 0}>
            <DownloadIcon />
            <FormattedMessage id="locations.export" />
          </Button>
          {canManageLocations && (
            <Button onClick={openCreate}>
              <PlusIcon />
              <FormattedMessage id="locations.add" />
            </Button>
          )}
        </Flex>
      </Flex>

      <Box maxWidth={{ initial: '100%', sm: '420px' }}>
        <SearchField
          size="3"
          value={query}
          onValueChange={setQuery}
          placeholder={intl.formatMessage({ id: 'locations.search.placeholder' })}
          label={intl.formatMessage({ id: 'locations.search.label' })}
        />
      </Box>

      {content}

      {canManageLocations && (
        <>
          <LocationFormDialog key={formSession} open={formOpen} onOpenChange={setFormOpen} location={formTarget} />
          <DeleteLocationDialog
            open={deleteOpen}
            onOpenChange={setDeleteOpen}
            location={deleteTarget}
            displayName={
              deleteTarget ? bilingualLines(deleteTarget.name, deleteTarget.nameAr, language).primary.text : ''
            }
          />
        </>
      )}
    </Flex>
  );
}
