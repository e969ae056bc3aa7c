import type { StockSummary } from '@pharmacy/contracts';
import { formatCents, toCents } from '@pharmacy/money';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { useLanguage } from '../../../i18n/use-language';
import { localizedName } from '../../../lib/catalogue';
import { utcMidnight } from '../../../lib/dates';
import { useMoneyFormatter } from '../../../lib/money';
import { expiryExposure, type ExposurePoint, type ExposureTone } from '../utils/chart-data';
import {
  AxisTick,
  ChartCard,
  ChartEmpty,
  ChartLegend,
  chartColors,
  TooltipBox,
  tooltipDatum,
  useChartDirection,
  useChartSummary,
  stillBars,
} from './chart-parts';

interface StockValueBar {
  id: string;
  name: string;
  units: number;
  cost: number;
  costText: string;
  retail: number;
  retailText: string;
}

const compactOptions = { notation: 'compact', maximumFractionDigits: 1 } as const;

/** What the stock on hand is worth at each pharmacy, at cost and at the list price. */
export function StockValueChart({ summary }: { summary: StockSummary }) {
  const intl = useIntl();
  const { language } = useLanguage();
  const money = useMoneyFormatter();
  const { rtl, valueAxisSide } = useChartDirection();
  const summarize = useChartSummary();
  const bars = useMemo<StockValueBar[]>(
    () =>
      summary.byPharmacy.map((row) => ({
        id: row.pharmacyId,
        name: localizedName(row.pharmacyName, row.pharmacyNameAr, language),
        units: row.units,
        cost: Number(row.costValue),
        costText: row.costValue,
        retail: Number(row.retailValue),
        retailText: row.retailValue,
      })),
    [summary.byPharmacy, language],
  );
  const totals = useMemo(
    () => ({
      units: summary.byPharmacy.reduce((sum, row) => sum + row.units, 0),
      cost: formatCents(summary.byPharmacy.reduce((sum, row) => sum + toCents(row.costValue), 0n)),
      retail: formatCents(summary.byPharmacy.reduce((sum, row) => sum + toCents(row.retailValue), 0n)),
    }),
    [summary.byPharmacy],
  );
  const title = intl.formatMessage({ id: 'reports.chart.stockValue.title' });
  const costLabel = intl.formatMessage({ id: 'reports.chart.costValue' });
  const retailLabel = intl.formatMessage({ id: 'reports.chart.retailValue' });
  const compact = (value: unknown) => intl.formatNumber(Number(value), compactOptions);

  return (
    <ChartCard
      title={title}
      description={intl.formatMessage({ id: 'reports.chart.stockValue.description' })}
      testId="chart-stock-value"
      table={{
        columns: [
          intl.formatMessage({ id: 'reports.chart.column.pharmacy' }),
          costLabel,
          retailLabel,
          intl.formatMessage({ id: 'reports.chart.column.packs' }),
        ],
        rows: bars.map((bar) => ({
          key: bar.id,
          cells: [bar.name, money(bar.costText), money(bar.retailText), intl.formatNumber(bar.units)],
        })),
      }}
      summary={summarize(
        bars,
        (bar) => bar.retail,
        (bar) => bar.name,
        (amount) => money(amount),
      )}
      legend={
        bars.length > 0 && (
          <ChartLegend
            items={[
              { label: costLabel, color: chartColors.secondary },
              { label: retailLabel, color: chartColors.primary },
            ]}
          />
        )
      }
      footer={
        bars.length > 0 &&
        intl.formatMessage(
          { id: 'reports.chart.stockTotals' },
          { count: totals.units, value: money(totals.cost), amount: money(totals.retail) },
        )
      }
    >
      {bars.length === 0 ? (
        <ChartEmpty>{intl.formatMessage({ id: 'reports.chart.empty' })}</ChartEmpty>
      ) : (
        <BarChart
          accessibilityLayer={false}
          responsive
          style={{ width: '100%', height: Math.max(160, bars.length * 56 + 48) }}
          data={bars}
          layout="vertical"
          margin={{ top: 4, bottom: 4, left: 8, right: 8 }}
          barGap={2}
          title={title}
        >
          <CartesianGrid horizontal={false} stroke={chartColors.grid} />
          <XAxis type="number" reversed={rtl} tick={(props) => <AxisTick {...props} rtl={rtl} format={compact} />} />
          <YAxis
            type="category"
            dataKey="name"
            orientation={valueAxisSide}
            width={130}
            interval={0}
            tick={(props) => <AxisTick {...props} rtl={rtl} format={String} maxLength={18} />}
          />
          <Tooltip
            cursor={{ fill: 'var(--gray-a3)' }}
            content={({ active, payload }) => {
              const bar = tooltipDatum<StockValueBar>(active, payload);
              return bar ? (
                <TooltipBox
                  title={bar.name}
                  lines={[
                    `${costLabel}: ${money(bar.costText)}`,
                    `${retailLabel}: ${money(bar.retailText)}`,
                    intl.formatMessage({ id: 'reports.chart.packs' }, { count: bar.units }),
                  ]}
                />
              ) : null;
            }}
          />
          <Bar {...stillBars} dataKey="cost" name={costLabel} fill={chartColors.secondary} radius={3} maxBarSize={18} />
          <Bar
            {...stillBars}
            dataKey="retail"
            name={retailLabel}
            fill={chartColors.primary}
            radius={3}
            maxBarSize={18}
          />
        </BarChart>
      )}
    </ChartCard>
  );
}

const toneColors: Record<ExposureTone, string> = {
  expired: chartColors.expired,
  soon: chartColors.soon,
  later: chartColors.later,
};

/** The cost of the stock on hand by the month it expires, expired months in red, the next two in orange. */
export function ExpiryExposureChart({ summary, today }: { summary: StockSummary; today: string }) {
  const intl = useIntl();
  const money = useMoneyFormatter();
  const { rtl, valueAxisSide } = useChartDirection();
  const summarize = useChartSummary();
  // One series per tone, each month's value in its own tone's series: the bars take their tone's colour.
  const points = useMemo(
    () =>
      expiryExposure(summary.expiryByMonth, today).map((point) => ({
        ...point,
        expired: point.tone === 'expired' ? point.costValue : 0,
        soon: point.tone === 'soon' ? point.costValue : 0,
        later: point.tone === 'later' ? point.costValue : 0,
      })),
    [summary.expiryByMonth, today],
  );
  const title = intl.formatMessage({ id: 'reports.chart.exposure.title' });
  const costLabel = intl.formatMessage({ id: 'reports.chart.costValue' });
  const monthLabel = (month: unknown, long = false) =>
    intl.formatDate(utcMidnight(`${String(month)}-01`), {
      month: long ? 'long' : 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
  const toneLabels: Record<ExposureTone, string> = {
    expired: intl.formatMessage({ id: 'reports.chart.tone.expired' }),
    soon: intl.formatMessage({ id: 'reports.chart.tone.soon' }),
    later: intl.formatMessage({ id: 'reports.chart.tone.later' }),
  };
  const compact = (value: unknown) => intl.formatNumber(Number(value), compactOptions);

  return (
    <ChartCard
      title={title}
      description={intl.formatMessage({ id: 'reports.chart.exposure.description' })}
      testId="chart-expiry-exposure"
      table={{
        columns: [
          intl.formatMessage({ id: 'reports.chart.column.month' }),
          intl.formatMessage({ id: 'reports.chart.column.status' }),
          costLabel,
          intl.formatMessage({ id: 'reports.chart.column.packs' }),
        ],
        wordColumns: [1],
        rows: points.map((point) => ({
          key: point.month,
          cells: [
            monthLabel(point.month, true),
            toneLabels[point.tone],
            money(point.costValueText),
            intl.formatNumber(point.units),
          ],
        })),
      }}
      summary={summarize(
        points,
        (point) => point.costValue,
        (point) => monthLabel(point.month, true),
        (amount) => money(amount),
      )}
      legend={
        points.length > 0 && (
          <ChartLegend
            items={(['expired', 'soon', 'later'] as const).map((tone) => ({
              label: toneLabels[tone],
              color: toneColors[tone],
            }))}
          />
        )
      }
    >
      {points.length === 0 ? (
        <ChartEmpty>{intl.formatMessage({ id: 'reports.chart.empty' })}</ChartEmpty>
      ) : (
        <BarChart
          accessibilityLayer={false}
          responsive
          style={{ width: '100%', height: 240 }}
          data={points}
          margin={{ top: 8, bottom: 4, left: 4, right: 4 }}
          title={title}
        >
          <CartesianGrid vertical={false} stroke={chartColors.grid} />
          <XAxis
            dataKey="month"
            reversed={rtl}
            minTickGap={12}
            tick={(props) => <AxisTick {...props} rtl={rtl} format={(value) => monthLabel(value)} />}
          />
          <YAxis
            orientation={valueAxisSide}
            width={48}
            tick={(props) => <AxisTick {...props} rtl={rtl} format={compact} />}
          />
          <Tooltip
            cursor={{ fill: 'var(--gray-a3)' }}
            content={({ active, payload }) => {
              const point = tooltipDatum<ExposurePoint>(active, payload);
              return point ? (
                <TooltipBox
                  title={monthLabel(point.month, true)}
                  lines={[
                    toneLabels[point.tone],
                    `${costLabel}: ${money(point.costValueText)}`,
                    intl.formatMessage({ id: 'reports.chart.packs' }, { count: point.units }),
                  ]}
                />
              ) : null;
            }}
          />
          {(['expired', 'soon', 'later'] as const).map((tone) => (
            <Bar
              key={tone}
              {...stillBars}
              dataKey={tone}
              name={toneLabels[tone]}
              stackId="exposure"
              fill={toneColors[tone]}
            />
          ))}
        </BarChart>
      )}
    </ChartCard>
  );
}
