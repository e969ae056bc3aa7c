import { Button, Card, Flex, Heading, Table, Text, VisuallyHidden } from '@radix-ui/themes';
import { useId, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useLanguage } from '../../../i18n/use-language';
import { wrapLabel } from '../utils/chart-data';

// What the report charts share: the titled card each sits in, the axis labels and
// tooltips drawn in the reader's direction, and the legend.

/** A chart's figures as a table: a row per bar (or point), its name first, then one cell per figure. */
export interface ChartTableData {
  /** The columns' headings; the first names what each row is about. */
  columns: readonly string[];
  /** The rows in the chart's order, each cell written as the chart's tooltip writes it. */
  rows: readonly { key: string; cells: readonly string[] }[];
  /** The columns after the first that hold words rather than figures (by index): aligned at the start, as the first. */
  wordColumns?: readonly number[];
}

/**
 * A chart in a card, as a region named by its title (and described by the line
 * under it), so a screen reader can find it and knows what it shows. The
 * drawing sits in a figure of the same name, described by a one-sentence
 * summary; the SVG itself is hidden from assistive technology, and a button
 * shows the same figures as a table (WCAG 2.1 1.1.1), for screen readers,
 * keyboards and anyone who wants the exact numbers.
 */
export function ChartCard({
  title,
  description,
  legend,
  footer,
  children,
  testId,
  table,
  summary,
}: {
  title: string;
  description?: string;
  legend?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
  testId?: string;
  /** The chart's data as a table; left out when there is nothing to chart (the children say so). */
  table?: ChartTableData;
  /** One sentence a screen reader reads with the figure, e.g. the total and the highest bar. */
  summary?: string;
}) {
  const id = useId();
  const intl = useIntl();
  const [asTable, setAsTable] = useState(false);
  const charted = table !== undefined && table.rows.length > 0;
  return (
    <Card asChild className="report-chart-card">
      <section
        aria-labelledby={`${id}-title`}
        aria-describedby={description ? `${id}-description` : undefined}
        data-testid={testId}
      >
        <Flex direction="column" gap="1" mb="3">
          <Flex justify="between" align="start" gap="3">
            <Heading as="h2" size="3" id={`${id}-title`}>
              {title}
            </Heading>
            {charted && (
              <Button
                type="button"
                size="1"
                variant="soft"
                color="gray"
                aria-controls={`${id}-figure`}
                onClick={() => setAsTable((shown) => !shown)}
              >
                {asTable
                  ? intl.formatMessage({ id: 'reports.chart.showChart' })
                  : intl.formatMessage({ id: 'reports.chart.showTable' })}
              </Button>
            )}
          </Flex>
          {description && (
            <Text as="p" size="1" color="gray" id={`${id}-description`}>
              {description}
            </Text>
          )}
          {!asTable && legend}
        </Flex>
        {charted ? (
          <figure
            id={`${id}-figure`}
            className="report-chart-figure"
            aria-labelledby={`${id}-title`}
            aria-describedby={summary ? `${id}-summary` : undefined}
          >
            {summary && <VisuallyHidden id={`${id}-summary`}>{summary}</VisuallyHidden>}
            {asTable ? <ChartDataTable caption={title} table={table} /> : <div aria-hidden="true">{children}</div>}
          </figure>
        ) : (
          children
        )}
        {charted && !asTable && (
          // On paper no one can ask for the table, and the exact figures are what a printed report is read for: the
          // table prints under the chart. A copy only paper shows, hidden from assistive technology (the button above
          // shows the real one).
          <div className="print-only report-chart-print-table" aria-hidden="true" data-testid="chart-print-table">
            <ChartDataTable caption={title} table={table} />
          </div>
        )}
        {footer && (
          <Text as="p" size="1" color="gray" mt="2">
            {footer}
          </Text>
        )}
      </section>
    </Card>
  );
}

/** The chart's figures as a real table: its caption the chart's title, a heading per column, the rows named by their first cell. */
function ChartDataTable({ caption, table }: { caption: string; table: ChartTableData }) {
  const [first, ...figures] = table.columns;
  // Figures line up at the end of their cells (the left in Arabic), words at the start.
  const alignment = (column: number) =>
    table.wordColumns?.includes(column) ? 'report-chart-words' : 'report-chart-number';
  return (
    <Table.Root size="1" className="report-chart-table">
      <VisuallyHidden asChild>
        <caption>{caption}</caption>
      </VisuallyHidden>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell scope="col">{first}</Table.ColumnHeaderCell>
          {figures.map((column, index) => (
            <Table.ColumnHeaderCell scope="col" key={column} className={alignment(index + 1)}>
              {column}
            </Table.ColumnHeaderCell>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {table.rows.map((row) => {
          const [name, ...cells] = row.cells;
          return (
            <Table.Row key={row.key}>
              <Table.RowHeaderCell>
                <bdi>{name}</bdi>
              </Table.RowHeaderCell>
              {cells.map((cell, index) => (
                <Table.Cell key={index} className={`${alignment(index + 1)} nowrap`}>
                  {cell}
                </Table.Cell>
              ))}
            </Table.Row>
          );
        })}
      </Table.Body>
    </Table.Root>
  );
}

/**
 * The sentence a chart's figure is described by: the sum of its values and the
 * highest of them, with the name of the bar it belongs to (none for an empty chart).
 */
export function useChartSummary() {
  const intl = useIntl();
  return <T,>(
    items: readonly T[],
    value: (item: T) => number,
    label: (item: T) => string,
    format: (amount: number) => string,
  ) => {
    if (items.length === 0) return undefined;
    const highest = items.reduce((best, item) => (value(item) > value(best) ? item : best));
    const total = items.reduce((sum, item) => sum + value(item), 0);
    return intl.formatMessage(
      { id: 'reports.chart.summary' },
      { amount: format(total), name: label(highest), value: format(value(highest)) },
    );
  };
}

/** A chart with nothing to draw says so instead of showing empty axes. */
export function ChartEmpty({ children }: { children: ReactNode }) {
  return (
    <Flex align="center" justify="center" className="report-chart-empty">
      <Text size="2" color="gray">
        {children}
      </Text>
    </Flex>
  );
}

export interface LegendItem {
  label: string;
  color: string;
}

/** The chart's series, written out in the page's direction (recharts' own legend is laid out left to right). */
export function ChartLegend({ items }: { items: readonly LegendItem[] }) {
  return (
    <ul className="report-chart-legend">
      {items.map((item) => (
        <li key={item.label}>
          <span className="report-chart-swatch" style={{ backgroundColor: item.color }} aria-hidden="true" />
          <Text size="1">{item.label}</Text>
        </li>
      ))}
    </ul>
  );
}

/**
 * The chart's layout for the reader's direction: in Arabic the category axis
 * runs from right to left (time flows right to left, bars grow leftwards) and
 * the value axis stands on the right.
 */
export function useChartDirection() {
  const { direction } = useLanguage();
  const rtl = direction === 'rtl';
  return { rtl, valueAxisSide: rtl ? ('right' as const) : ('left' as const) };
}

type Anchor = 'start' | 'middle' | 'end';

interface TickProps {
  x?: number | string;
  y?: number | string;
  payload?: { value?: unknown };
  textAnchor?: string;
  verticalAnchor?: string;
}

const asAnchor = (value: string): Anchor => (value === 'start' || value === 'end' ? value : 'middle');
const mirrored: Record<Anchor, Anchor> = { start: 'end', middle: 'middle', end: 'start' };

/**
 * An axis label. recharts anchors labels as if text ran left to right; in an
 * Arabic page the text runs right to left, where "start" is the right edge, so
 * the anchor is swapped to keep each label on its side of the axis. Long names
 * take two lines (then an ellipsis), with the whole name as the label's tooltip.
 */
export function AxisTick({
  x,
  y,
  payload,
  textAnchor = 'middle',
  verticalAnchor = 'middle',
  rtl,
  format,
  maxLength = 24,
}: TickProps & { rtl: boolean; format: (value: unknown) => string; maxLength?: number }) {
  const full = format(payload?.value);
  const lines = wrapLabel(full, maxLength);
  const anchor = rtl ? mirrored[asAnchor(textAnchor)] : asAnchor(textAnchor);
  // The first line's offset from the tick, so the lines sit centred on it (or just below it).
  const LINE_EM = 1.15;
  const firstDy =
    verticalAnchor === 'start' ? 0.71 : verticalAnchor === 'middle' ? 0.32 - ((lines.length - 1) * LINE_EM) / 2 : 0;
  return (
    <text x={x} y={y} textAnchor={anchor} direction={rtl ? 'rtl' : 'ltr'} className="report-chart-tick" fontSize={12}>
      {lines.join(' ') !== full && <title>{full}</title>}
      {lines.map((line, index) => (
        <tspan key={index} x={x} dy={`${index === 0 ? firstDy : LINE_EM}em`}>
          {line}
        </tspan>
      ))}
    </text>
  );
}

/** The tooltip's box: a heading line and one line per figure, in the page's language and direction. */
export function TooltipBox({ title, lines }: { title: string; lines: readonly ReactNode[] }) {
  return (
    <div className="report-chart-tooltip">
      <Text as="div" size="2" weight="bold">
        <bdi>{title}</bdi>
      </Text>
      {lines.map((line, index) => (
        <Text as="div" size="2" key={index}>
          {line}
        </Text>
      ))}
    </div>
  );
}

/** The data point a recharts tooltip is about (its payload's first entry carries the whole datum). */
export function tooltipDatum<T>(active: boolean | undefined, payload: unknown): T | null {
  if (!active || !Array.isArray(payload) || payload.length === 0) return null;
  const first: unknown = payload[0];
  if (typeof first !== 'object' || first === null || !('payload' in first)) return null;
  return (first as { payload: T }).payload;
}

/** Colours of the series, from the theme's scales (orange is imported by reports.css). */
export const chartColors = {
  primary: 'var(--teal-9)',
  secondary: 'var(--amber-9)',
  expired: 'var(--red-9)',
  soon: 'var(--orange-9)',
  later: 'var(--teal-9)',
  grid: 'var(--gray-a5)',
} as const;

/**
 * Every bar of the report charts is drawn at once: recharts' animation runs on
 * the main thread while the page's rows wait (docs/benchmarks.md).
 */
export const stillBars = { isAnimationActive: false } as const;
