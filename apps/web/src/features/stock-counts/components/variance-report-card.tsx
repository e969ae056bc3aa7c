import { Box, Card, Grid, Heading, Table, Text } from '@radix-ui/themes';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../../../i18n/messages';
import type { VarianceReport } from '../utils/count-sheet';
import { varianceReasonLabels } from '../utils/variance-reasons';

/** The variance report: what posting records (or recorded), its totals, and each line that differs with its reason. */
export function VarianceReportCard({
  report,
  name,
  posted,
}: {
  report: VarianceReport;
  name(line: { productName: string; productNameAr: string | null }): string;
  posted: boolean;
}) {
  const intl = useIntl();
  const signed = (value: number) => intl.formatNumber(value, { signDisplay: 'exceptZero' });
  const figures: readonly { key: string; label: { id: MessageId }; value: string; color?: 'green' | 'red' }[] = [
    {
      key: 'counted',
      label: { id: 'counts.report.counted' },
      value: intl.formatMessage({ id: 'counts.report.countedOf' }, { from: report.counted, total: report.lineCount }),
    },
    { key: 'over', label: { id: 'counts.report.over' }, value: signed(report.over), color: 'green' },
    { key: 'short', label: { id: 'counts.report.short' }, value: signed(-report.short), color: 'red' },
    { key: 'net', label: { id: 'counts.report.net' }, value: signed(report.net) },
  ];
  return (
    <Card asChild>
      <section aria-labelledby="variance-report-title">
        <Heading as="h2" size="4" id="variance-report-title" mb="1">
          <FormattedMessage id="counts.report.title" />
        </Heading>
        <Text as="p" size="2" color="gray" mb="3">
          {posted ? (
            <FormattedMessage id="counts.report.posted" />
          ) : (
            <FormattedMessage id="counts.report.description" />
          )}
        </Text>
        <Grid columns={{ initial: '2', sm: '4' }} gap="3" mb="3" asChild>
          <dl className="count-figures">
            {figures.map((figure) => (
              <div key={figure.key} data-figure={figure.key}>
                <dt>
                  <Text size="1" color="gray">
                    {intl.formatMessage(figure.label)}
                  </Text>
                </dt>
                <dd>
                  <Text size="5" weight="bold" color={figure.value === '0' ? undefined : figure.color} dir="ltr">
                    {figure.value}
                  </Text>
                </dd>
              </div>
            ))}
          </dl>
        </Grid>
        {report.lines.length === 0 ? (
          <Text as="p" size="2" color="gray">
            <FormattedMessage id="counts.report.none" />
          </Text>
        ) : (
          <Box className="table-scroll">
            <Table.Root size="1" aria-label={intl.formatMessage({ id: 'counts.report.table' })}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>
                    <FormattedMessage id="counts.column.product" />
                  </Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>
                    <FormattedMessage id="counts.column.batch" />
                  </Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell justify="end">
                    <FormattedMessage id="counts.column.expected" />
                  </Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell justify="end">
                    <FormattedMessage id="counts.column.counted" />
                  </Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell justify="end">
                    <FormattedMessage id="counts.column.variance" />
                  </Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>
                    <FormattedMessage id="counts.column.reason" />
                  </Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {report.lines.map((entry) => (
                  <Table.Row key={entry.line.batchId}>
                    <Table.RowHeaderCell>
                      <bdi>{name(entry.line)}</bdi>
                    </Table.RowHeaderCell>
                    <Table.Cell>
                      <span className="code-value">{entry.line.batchNumber}</span>
                    </Table.Cell>
                    <Table.Cell justify="end">{intl.formatNumber(entry.line.expected)}</Table.Cell>
                    <Table.Cell justify="end">{intl.formatNumber(entry.counted ?? 0)}</Table.Cell>
                    <Table.Cell justify="end">
                      <Text weight="bold" color={(entry.variance ?? 0) > 0 ? 'green' : 'red'} dir="ltr">
                        {signed(entry.variance ?? 0)}
                      </Text>
                    </Table.Cell>
                    <Table.Cell>
                      {entry.reason ? (
                        intl.formatMessage(varianceReasonLabels[entry.reason])
                      ) : (
                        <Text color="red">
                          <FormattedMessage id="counts.sheet.reasonMissing" />
                        </Text>
                      )}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
        )}
      </section>
    </Card>
  );
}
