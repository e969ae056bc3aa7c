import type { ReactNode } from 'react';
import { SummaryCards } from '../../../components/summary-cards';

export interface SummaryTile {
  key: string;
  label: string;
  /** The figure; null while it loads (or when it could not be loaded). */
  value: string | null;
  note?: ReactNode;
}

/** The report's figures, as a labelled list of cards. */
export function SummaryTiles({ tiles }: { tiles: readonly SummaryTile[] }) {
  return (
    <SummaryCards
      label={{ id: 'reports.summary' }}
      columns={{ initial: '2', md: String(tiles.length) }}
      attribute="tile"
      valueSize="5"
      className="report-tile"
      valueClassName="report-tile-value"
      cards={tiles.map((tile) => ({ ...tile, note: tile.note ?? '\u00a0' }))}
    />
  );
}
