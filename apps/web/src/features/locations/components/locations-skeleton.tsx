import { Card, Flex, Grid, Skeleton } from '@radix-ui/themes';
import { useIntl } from 'react-intl';
import { LOCATION_GRID_COLUMNS } from './location-grid';

/** Specification §9: six placeholder cards while the list loads. */
const SKELETON_CARDS = 6;

export function LocationsSkeleton() {
  const intl = useIntl();
  return (
    <Grid
      columns={LOCATION_GRID_COLUMNS}
      gap="4"
      role="status"
      aria-busy="true"
      aria-label={intl.formatMessage({ id: 'locations.loading' })}
      data-testid="locations-skeleton"
    >
      {Array.from({ length: SKELETON_CARDS }, (_, index) => (
        <Card key={index} size="2">
          <Flex direction="column" gap="3">
            <Flex justify="between" gap="3">
              <Skeleton height="20px" width="60%" />
              <Skeleton height="20px" width="56px" />
            </Flex>
            <Skeleton height="14px" width="40%" />
            <Skeleton height="14px" width="85%" />
            <Skeleton height="14px" width="50%" />
            <Skeleton height="14px" width="65%" />
            <Flex justify="between" pt="2">
              <Skeleton height="14px" width="72px" />
              <Skeleton height="24px" width="120px" />
            </Flex>
          </Flex>
        </Card>
      ))}
    </Grid>
  );
}
