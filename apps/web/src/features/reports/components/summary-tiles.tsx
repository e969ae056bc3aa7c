import { Card, Grid, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';

export interface SummaryTile {
  key: string;
  label: string;
  /** The figure; null while it loads (or when it could not be loaded). */
  value: string | null;
  note?: ReactNode;
}

/** The report's figures, as a labelled list of cards. */
export function SummaryTiles({ tiles }: { tiles: readonly SummaryTile[] }) {
  const intl = useIntl();
  return (
    <Grid columns={{ initial: '2', md: String(tiles.length) }} gap="3" asChild>
      <ul className="plain-list" aria-label={intl.formatMessage({ id: 'reports.summary' })}>
        {tiles.map((tile) => (
          <Card asChild key={tile.key} className="summary-card report-tile" data-tile={tile.key}>
            <li>
              <Text as="div" size="2" color="gray">
                {tile.label}
              </Text>
              <Text as="div" size="5" weight="bold" className="report-tile-value">
                {tile.value ?? '—'}
              </Text>
              <Text as="div" size="1" color="gray">
                {tile.note ?? '\u00a0'}
              </Text>
            </li>
          </Card>
        ))}
      </ul>
    </Grid>
  );
}
