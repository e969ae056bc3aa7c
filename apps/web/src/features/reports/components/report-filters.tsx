import { Flex, Select, Text } from '@radix-ui/themes';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { DatePicker } from '../../../components/date-picker';
import { PharmacyFilter } from '../../../components/pharmacy-filter';
import { reportRangeLabels, reportTypeLabels } from '../utils/report-labels';
import { reportRanges, reportTypes, usesPeriod, type ReportRange, type ReportType } from '../utils/report-period';

export interface ReportFiltersProps {
  type: ReportType;
  range: ReportRange;
  /** The custom period's days as the fields show them. */
  customStart: string;
  customEnd: string;
  /** The custom period ends before it starts. */
  reversed: boolean;
  pharmacyId: string | null;
  pharmacyOptions: ReadonlyArray<{ id: string; name: string }>;
  onTypeChange(type: ReportType): void;
  onRangeChange(range: ReportRange): void;
  onCustomChange(period: { from: string; to: string }): void;
  onPharmacyChange(pharmacyId: string | null): void;
}

/**
 * Specification 001 §2: report type, date range and pharmacy; and the two days
 * of a custom range. Stock reports show stock as it is now, so the range is
 * switched off for them (and says why, in the page's caption).
 */
export function ReportFilters(props: ReportFiltersProps) {
  const intl = useIntl();
  const id = useId();
  const periodApplies = usesPeriod(props.type);
  return (
    // Left off paper: the page writes out what they are set to (reports-page.tsx).
    <Flex direction="column" gap="3" className="print-hidden">
      <Flex gap="2" direction={{ initial: 'column', sm: 'row' }} wrap="wrap" className="report-filters">
        <Select.Root value={props.type} onValueChange={(value) => props.onTypeChange(value as ReportType)}>
          <Select.Trigger className="filter-select" aria-label={intl.formatMessage({ id: 'reports.type.label' })} />
          <Select.Content position="popper">
            {reportTypes.map((type) => (
              <Select.Item key={type} value={type}>
                {intl.formatMessage(reportTypeLabels[type])}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
        <Select.Root
          value={props.range}
          onValueChange={(value) => props.onRangeChange(value as ReportRange)}
          disabled={!periodApplies}
        >
          <Select.Trigger className="filter-select" aria-label={intl.formatMessage({ id: 'reports.range.label' })} />
          <Select.Content position="popper">
            {reportRanges.map((range) => (
              <Select.Item key={range} value={range}>
                {intl.formatMessage(reportRangeLabels[range])}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
        <PharmacyFilter
          value={props.pharmacyId}
          onChange={props.onPharmacyChange}
          options={props.pharmacyOptions}
          label={{ id: 'reports.pharmacyFilter' }}
          allLabel={{ id: 'reports.allPharmacies' }}
        />
      </Flex>

      {periodApplies && props.range === 'custom' && (
        <Flex direction="column" gap="1">
          <Flex
            gap="3"
            direction={{ initial: 'column', xs: 'row' }}
            role="group"
            aria-label={intl.formatMessage({ id: 'reports.custom.label' })}
          >
            <Flex direction="column" gap="1" className="report-date-field">
              <Text as="label" size="2" weight="medium" htmlFor={`${id}-from`}>
                <FormattedMessage id="reports.custom.from" />
              </Text>
              <DatePicker
                id={`${id}-from`}
                value={props.customStart}
                onChange={(from) => props.onCustomChange({ from, to: props.customEnd })}
                label={intl.formatMessage({ id: 'reports.custom.from' })}
                placeholder={intl.formatMessage({ id: 'reports.custom.placeholder' })}
                aria-invalid={props.reversed}
                aria-describedby={props.reversed ? `${id}-problem` : undefined}
              />
            </Flex>
            <Flex direction="column" gap="1" className="report-date-field">
              <Text as="label" size="2" weight="medium" htmlFor={`${id}-to`}>
                <FormattedMessage id="reports.custom.to" />
              </Text>
              <DatePicker
                id={`${id}-to`}
                value={props.customEnd}
                onChange={(to) => props.onCustomChange({ from: props.customStart, to })}
                label={intl.formatMessage({ id: 'reports.custom.to' })}
                placeholder={intl.formatMessage({ id: 'reports.custom.placeholder' })}
                min={props.customStart}
                aria-invalid={props.reversed}
                aria-describedby={props.reversed ? `${id}-problem` : undefined}
              />
            </Flex>
          </Flex>
          {props.reversed && (
            <Text size="2" color="red" role="alert" id={`${id}-problem`}>
              <FormattedMessage id="validation.periodReversed" />
            </Text>
          )}
        </Flex>
      )}
    </Flex>
  );
}
