import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { FormattedMessage, useIntl } from 'react-intl';
import { RefreshIcon } from '../../../components/icons';
import { useToast } from '../../../components/toaster';
import { useDateTimeFormatter } from '../../../lib/dates';
import { useExpiryScan, useRunExpiryScan, type ExpiryScanRun } from '../api/expiry';
import { useFailureToast } from '../hooks/use-failure-toast';

/**
 * Administrators: when the nightly expiry scan last ran (or who started it), how
 * many batches it recorded as expired and how long it took; and a way to run it now.
 */
export function ExpiryScanCard() {
  const intl = useIntl();
  const { toast } = useToast();
  const dateTime = useDateTimeFormatter();
  const scan = useExpiryScan(true);
  const run = useRunExpiryScan();
  const failed = useFailureToast();

  const duration = (ms: number) =>
    ms < 1000
      ? intl.formatNumber(ms, { style: 'unit', unit: 'millisecond', unitDisplay: 'short' })
      : intl.formatNumber(ms / 1000, {
          style: 'unit',
          unit: 'second',
          unitDisplay: 'short',
          maximumFractionDigits: 1,
        });

  const runNow = () =>
    run.mutate(undefined, {
      onSuccess: (result) =>
        toast({
          title: intl.formatMessage({ id: 'expiry.scan.doneTitle' }),
          description: intl.formatMessage({ id: 'expiry.scan.done' }, { count: result.batches }),
        }),
      onError: (error) => failed(error, { id: 'expiry.scan.failed' }, { id: 'expiry.scan.failedDefault' }),
    });

  const describe = (last: ExpiryScanRun) => (
    <>
      <Text as="p" size="2">
        {last.trigger === 'schedule' ? (
          <FormattedMessage id="expiry.scan.lastNightly" values={{ date: dateTime(last.finishedAt) }} />
        ) : (
          <FormattedMessage id="expiry.scan.lastManual" values={{ date: dateTime(last.finishedAt) }} />
        )}
      </Text>
      <Text as="p" size="2" color="gray" data-testid="expiry-scan-result">
        <FormattedMessage
          id="expiry.scan.result"
          values={{ count: last.batches, total: last.pharmacies, value: duration(last.durationMs) }}
        />
      </Text>
    </>
  );

  return (
    <Card asChild>
      <section aria-labelledby="expiry-scan-title">
        <Flex justify="between" align={{ sm: 'center' }} gap="3" direction={{ initial: 'column', sm: 'row' }}>
          <Flex direction="column" gap="1" minWidth="0">
            <Heading as="h2" size="3" id="expiry-scan-title">
              <FormattedMessage id="expiry.scan.title" />
            </Heading>
            {scan.isPending ? (
              <Text size="2" color="gray">
                <FormattedMessage id="common.loading" />
              </Text>
            ) : scan.isError ? (
              <Text size="2" color="red">
                <FormattedMessage id="expiry.scan.loadFailed" />
              </Text>
            ) : scan.data ? (
              describe(scan.data)
            ) : (
              <Text as="p" size="2" color="gray">
                <FormattedMessage id="expiry.scan.never" />
              </Text>
            )}
          </Flex>
          <Button variant="soft" onClick={runNow} loading={run.isPending} style={{ flexShrink: 0 }}>
            <RefreshIcon />
            <FormattedMessage id="expiry.scan.run" />
          </Button>
        </Flex>
      </section>
    </Card>
  );
}
