import type { SalesSummary } from '@pharmacy/contracts';
import { Grid } from '@radix-ui/themes';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { useLanguage } from '../../../i18n/use-language';
import { localizedName } from '../../../lib/catalogue';
import { utcMidnight } from '../../../lib/dates';
import { useMoneyFormatter } from '../../../lib/money';
import { salesTrend, type TrendPoint } from '../utils/chart-data';
import type { ReportWindow } from '../utils/report-period';
import {
  AxisTick,
  ChartCard,
  ChartEmpty,
  chartColors,
  TooltipBox,
  tooltipDatum,
  useChartDirection,
  useChartSummary,
  stillBars,
  type ChartTableData,
} from './chart-parts';

interface RankedBar {
  id: string;
  name: string;
  revenue: number;
  revenueText: string;
  /** Orders (pharmacies) or units sold (products). */
  count: number;
}

/** The height a horizontal bar chart needs for its bars. */
const rankedHeight = (bars: number) => Math.max(140, bars * 36 + 48);

/** Sales per day (or month), by pharmacy and the best-selling products, for the report's period. */
export function SalesCharts({
  summary,
  window,
  today,
}: {
  summary: SalesSummary;
  window: ReportWindow;
  today: string;
}) {
  const intl = useIntl();
  const { language } = useLanguage();
  const money = useMoneyFormatter();
  const { rtl, valueAxisSide } = useChartDirection();
  const summarize = useChartSummary();
  const trend = useMemo(() => salesTrend(summary.perDay, window, today), [summary.perDay, window, today]);
  const byPharmacy = useMemo<RankedBar[]>(
    () =>
      summary.byPharmacy.map((row) => ({
        id: row.pharmacyId,
        name: localizedName(row.pharmacyName, row.pharmacyNameAr, language),
        revenue: Number(row.revenue),
        revenueText: row.revenue,
        count: row.orders,
      })),
    [summary.byPharmacy, language],
  );
  const topProducts = useMemo<RankedBar[]>(
    () =>
      summary.topProducts.map((row) => ({
        id: row.productId,
        name: localizedName(row.productName, row.productNameAr, language),
        revenue: Number(row.revenue),
        revenueText: row.revenue,
        count: row.quantity,
      })),
    [summary.topProducts, language],
  );

  const compact = (value: unknown) =>
    intl.formatNumber(Number(value), { notation: 'compact', maximumFractionDigits: 1 });
  const bucketLabel = (key: unknown, long = false) => {
    const text = String(key);
    if (trend.bucket === 'month') {
      return intl.formatDate(utcMidnight(`${text}-01`), {
        month: long ? 'long' : 'short',
        year: 'numeric',
        timeZone: 'UTC',
      });
    }
    return intl.formatDate(
      utcMidnight(text),
      long ? { dateStyle: 'full', timeZone: 'UTC' } : { month: 'short', day: 'numeric', timeZone: 'UTC' },
    );
  };
  const revenueTitle = intl.formatMessage({ id: 'reports.chart.revenue' });
  const noData = intl.formatMessage({ id: 'reports.chart.empty' });
  const hasSales = trend.points.some((point) => point.orders !== 0 || point.revenue !== 0);

  const trendTitle = intl.formatMessage(
    trend.bucket === 'day' ? { id: 'reports.chart.perDay.title' } : { id: 'reports.chart.perMonth.title' },
  );

  const ranked = (bars: readonly RankedBar[], title: string, countLine: (count: number) => string) =>
    bars.length === 0 ? (
      <ChartEmpty>{noData}</ChartEmpty>
    ) : (
      <BarChart
        accessibilityLayer={false}
        responsive
        style={{ width: '100%', height: rankedHeight(bars.length) }}
        data={bars as RankedBar[]}
        layout="vertical"
        margin={{ top: 4, bottom: 4, left: 8, right: 8 }}
        title={title}
      >
        <CartesianGrid horizontal={false} stroke={chartColors.grid} />
        <XAxis
          type="number"
          dataKey="revenue"
          reversed={rtl}
          tick={(props) => <AxisTick {...props} rtl={rtl} format={compact} />}
        />
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
            const bar = tooltipDatum<RankedBar>(active, payload);
            return bar ? (
              <TooltipBox
                title={bar.name}
                lines={[`${revenueTitle}: ${money(bar.revenueText)}`, countLine(bar.count)]}
              />
            ) : null;
          }}
        />
        <Bar
          {...stillBars}
          dataKey="revenue"
          name={revenueTitle}
          fill={chartColors.primary}
          radius={3}
          maxBarSize={22}
        />
      </BarChart>
    );

  const countText = (count: number) => intl.formatNumber(count);
  const trendTable: ChartTableData | undefined = hasSales
    ? {
        columns: [
          trend.bucket === 'day'
            ? intl.formatMessage({ id: 'reports.chart.column.day' })
            : intl.formatMessage({ id: 'reports.chart.column.month' }),
          revenueTitle,
          intl.formatMessage({ id: 'reports.chart.column.orders' }),
        ],
        rows: trend.points.map((point) => ({
          key: point.key,
          cells: [bucketLabel(point.key, true), money(point.revenueText), countText(point.orders)],
        })),
      }
    : undefined;
  const rankedTable = (bars: readonly RankedBar[], nameColumn: string, countColumn: string): ChartTableData => ({
    columns: [nameColumn, revenueTitle, countColumn],
    rows: bars.map((bar) => ({ key: bar.id, cells: [bar.name, money(bar.revenueText), countText(bar.count)] })),
  });
  const rankedSummary = (bars: readonly RankedBar[]) =>
    summarize(
      bars,
      (bar) => bar.revenue,
      (bar) => bar.name,
      (amount) => money(amount),
    );

  const byPharmacyTitle = intl.formatMessage({ id: 'reports.chart.byPharmacy.title' });
  const topProductsTitle = intl.formatMessage({ id: 'reports.chart.topProducts.title' });

  return (
    <Grid columns={{ initial: '1', md: '2' }} gap="3">
      <div className="report-chart-wide">
        <ChartCard
          title={trendTitle}
          description={intl.formatMessage({ id: 'reports.chart.perDay.description' })}
          testId="chart-sales-trend"
          table={trendTable}
          summary={
            hasSales
              ? summarize(
                  trend.points,
                  (point) => point.revenue,
                  (point) => bucketLabel(point.key, true),
                  (amount) => money(amount),
                )
              : undefined
          }
        >
          {hasSales ? (
            <BarChart
              accessibilityLayer={false}
              responsive
              style={{ width: '100%', height: 240 }}
              data={trend.points}
              margin={{ top: 8, bottom: 4, left: 4, right: 4 }}
              title={trendTitle}
            >
              <CartesianGrid vertical={false} stroke={chartColors.grid} />
              <XAxis
                dataKey="key"
                reversed={rtl}
                minTickGap={12}
                tick={(props) => <AxisTick {...props} rtl={rtl} format={(value) => bucketLabel(value)} />}
              />
              <YAxis
                orientation={valueAxisSide}
                width={48}
                tick={(props) => <AxisTick {...props} rtl={rtl} format={compact} />}
              />
              <Tooltip
                cursor={{ fill: 'var(--gray-a3)' }}
                content={({ active, payload }) => {
                  const point = tooltipDatum<TrendPoint>(active, payload);
                  return point ? (
                    <TooltipBox
                      title={bucketLabel(point.key, true)}
                      lines={[
                        `${revenueTitle}: ${money(point.revenueText)}`,
                        intl.formatMessage({ id: 'reports.chart.orders' }, { count: point.orders }),
                      ]}
                    />
                  ) : null;
                }}
              />
              <Bar
                {...stillBars}
                dataKey="revenue"
                name={revenueTitle}
                fill={chartColors.primary}
                radius={[3, 3, 0, 0]}
              />
            </BarChart>
          ) : (
            <ChartEmpty>{noData}</ChartEmpty>
          )}
        </ChartCard>
      </div>
      <ChartCard
        title={byPharmacyTitle}
        description={intl.formatMessage({ id: 'reports.chart.byPharmacy.description' })}
        testId="chart-sales-by-pharmacy"
        table={rankedTable(
          byPharmacy,
          intl.formatMessage({ id: 'reports.chart.column.pharmacy' }),
          intl.formatMessage({ id: 'reports.chart.column.orders' }),
        )}
        summary={rankedSummary(byPharmacy)}
      >
        {ranked(byPharmacy, byPharmacyTitle, (count) => intl.formatMessage({ id: 'reports.chart.orders' }, { count }))}
      </ChartCard>
      <ChartCard
        title={topProductsTitle}
        description={intl.formatMessage({ id: 'reports.chart.topProducts.description' })}
        testId="chart-top-products"
        table={rankedTable(
          topProducts,
          intl.formatMessage({ id: 'reports.chart.column.product' }),
          intl.formatMessage({ id: 'reports.chart.column.unitsSold' }),
        )}
        summary={rankedSummary(topProducts)}
      >
        {ranked(topProducts, topProductsTitle, (count) =>
          intl.formatMessage({ id: 'reports.chart.unitsSold' }, { count }),
        )}
      </ChartCard>
    </Grid>
  );
}
