import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { FormattedMessage } from 'react-intl';
import { PharmacyIcon, PlusIcon } from '../../../components/icons';

export interface LocationsEmptyStateProps {
  isSearching: boolean;
  canManage: boolean;
  onAdd(): void;
}

export function LocationsEmptyState({ isSearching, canManage, onAdd }: LocationsEmptyStateProps) {
  return (
    <Card size="4" variant="surface">
      <Flex direction="column" align="center" gap="3" py="6" className="text-center">
        <Text color="gray" aria-hidden="true">
          <PharmacyIcon width={48} height={48} strokeWidth={1.5} />
        </Text>
        <Heading as="h2" size="5">
          <FormattedMessage id="locations.empty.title" />
        </Heading>
        <Text as="p" color="gray">
          {isSearching ? (
            <FormattedMessage id="locations.empty.search" />
          ) : (
            <FormattedMessage id="locations.empty.getStarted" />
          )}
        </Text>
        {!isSearching && canManage && (
          <Button size="3" mt="2" onClick={onAdd}>
            <PlusIcon />
            <FormattedMessage id="locations.add" />
          </Button>
        )}
      </Flex>
    </Card>
  );
}
