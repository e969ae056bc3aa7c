import type { VerificationRun } from '@pharmacy/contracts';
import { Badge, Button, Callout, Card, DataList, Flex, Heading, IconButton, Table, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ChevronForwardIcon, ShieldIcon, WarningIcon } from '../../../components/icons';
import { LoadErrorCallout } from '../../../components/load-error-callout';
import { SkeletonRows } from '../../../components/skeleton-rows';
import { useToast } from '../../../components/toaster';
import { apiErrorOf } from '../../../lib/api';
import { usePermissions } from '../../../lib/authorization';
import { genericApiMessage } from '../../../lib/validation-message';
import { useRunVerification, verificationQueryOptions } from '../api/audit';
import { useUserOptions } from '../hooks/use-audit-names';
import { useInstantFormatter } from '../hooks/use-instant-formatter';
import { VerificationStatusBadge } from './verification-status-badge';

type ComparedTable = VerificationRun['tables'][number];

/**
 * Verification tab: the last check that every read model equals a fresh
 * replay of the event log (nightly, or run by an administrator), table by
 * table, with sample rows where they differ; administrators may run it now.
 */
export function VerificationTab() {
  const intl = useIntl();
  const { toast } = useToast();
  const { canRunVerification } = usePermissions();
  const instant = useInstantFormatter();
  const users = useUserOptions();
  const verification = useQuery(verificationQueryOptions());
  const run = useRunVerification();

  const runNow = () =>
    run.mutate(undefined, {
      onSuccess: (result) =>
        toast(
          result.status === 'ok'
            ? {
                title: intl.formatMessage({ id: 'audit.verification.toast.ok' }),
                description: intl.formatMessage(
                  { id: 'audit.verification.toast.okDescription' },
                  { count: result.eventsReplayed },
                ),
              }
            : {
                variant: 'error',
                title: intl.formatMessage({ id: 'audit.verification.toast.differences' }),
                description:
                  result.status === 'failed'
                    ? (result.error ?? intl.formatMessage({ id: 'audit.verification.toast.failedDescription' }))
                    : intl.formatMessage({ id: 'audit.verification.toast.differencesDescription' }),
              },
        ),
      onError: (error) => {
        const apiError = apiErrorOf(error);
        toast({
          variant: 'error',
          title: intl.formatMessage({ id: 'audit.verification.toast.failed' }),
          description:
            apiError?.code === 'VERIFICATION_RUNNING'
              ? intl.formatMessage({ id: 'audit.verification.toast.running' })
              : ((apiError && genericApiMessage(intl, apiError)) ??
                intl.formatMessage({ id: 'audit.verification.toast.failedDescription' })),
        });
      },
    });

  const last = verification.data;
  const whoRan = (trigger: string | null) => {
    if (trigger === null) return null;
    if (trigger === 'schedule') return <FormattedMessage id="audit.verification.bySchedule" />;
    const name = users.nameOf(trigger);
    return name ? <bdi>{name}</bdi> : <FormattedMessage id="audit.verification.byUnknown" />;
  };

  return (
    <Flex direction="column" gap="4">
      <Card size="2" asChild>
        <section aria-labelledby="audit-verification-title">
          <Flex justify="between" align={{ sm: 'start' }} gap="3" direction={{ initial: 'column', sm: 'row' }}>
            <Flex direction="column" gap="3" minWidth="0">
              <Flex gap="2" align="center" wrap="wrap">
                <ShieldIcon width={20} height={20} aria-hidden="true" />
                <Heading as="h2" size="4" id="audit-verification-title">
                  <FormattedMessage id="audit.verification.title" />
                </Heading>
                {last && <VerificationStatusBadge status={last.status} />}
              </Flex>
              <Text as="p" size="2" color="gray">
                <FormattedMessage id="audit.verification.explanation" />
              </Text>
              {verification.isPending && (
                <Text size="2" color="gray">
                  <FormattedMessage id="common.loading" />
                </Text>
              )}
              {verification.isError && (
                <LoadErrorCallout
                  title={<FormattedMessage id="audit.verification.loadFailed" />}
                  onRetry={() => void verification.refetch()}
                  isRetrying={verification.isFetching}
                />
              )}
              {last && last.status === 'never' && (
                <Text as="p" size="2">
                  <FormattedMessage id="audit.verification.never" />
                </Text>
              )}
              {last && last.status !== 'never' && (
                <DataList.Root size="2">
                  {last.startedAt && (
                    <DataList.Item>
                      <DataList.Label minWidth="160px">
                        <FormattedMessage id="audit.verification.startedAt" />
                      </DataList.Label>
                      <DataList.Value>{instant(last.startedAt)}</DataList.Value>
                    </DataList.Item>
                  )}
                  {last.finishedAt && (
                    <DataList.Item>
                      <DataList.Label minWidth="160px">
                        <FormattedMessage id="audit.verification.finishedAt" />
                      </DataList.Label>
                      <DataList.Value>{instant(last.finishedAt)}</DataList.Value>
                    </DataList.Item>
                  )}
                  <DataList.Item>
                    <DataList.Label minWidth="160px">
                      <FormattedMessage id="audit.verification.trigger" />
                    </DataList.Label>
                    <DataList.Value data-testid="verification-trigger">{whoRan(last.trigger) ?? '—'}</DataList.Value>
                  </DataList.Item>
                  <DataList.Item>
                    <DataList.Label minWidth="160px">
                      <FormattedMessage id="audit.verification.eventsReplayed" />
                    </DataList.Label>
                    <DataList.Value data-testid="verification-events">
                      {intl.formatNumber(last.eventsReplayed)}
                    </DataList.Value>
                  </DataList.Item>
                </DataList.Root>
              )}
            </Flex>
            {canRunVerification && (
              <Button
                onClick={runNow}
                loading={run.isPending}
                disabled={last?.status === 'running'}
                style={{ flexShrink: 0 }}
              >
                <ShieldIcon />
                <FormattedMessage id="audit.verification.runNow" />
              </Button>
            )}
          </Flex>
        </section>
      </Card>

      {last?.status === 'failed' && (
        <Callout.Root color="red" role="alert">
          <Callout.Icon>
            <WarningIcon />
          </Callout.Icon>
          <Callout.Text>
            <FormattedMessage id="audit.verification.failed" /> {last.error && <span dir="auto">{last.error}</span>}
          </Callout.Text>
        </Callout.Root>
      )}
      {last?.status === 'differences' && (
        <Callout.Root color="red" role="alert">
          <Callout.Icon>
            <WarningIcon />
          </Callout.Icon>
          <Callout.Text>
            <FormattedMessage
              id="audit.verification.differencesFound"
              values={{ count: last.tables.filter((table) => table.unexpected + table.missing > 0).length }}
            />
          </Callout.Text>
        </Callout.Root>
      )}

      {last && last.tables.length > 0 && <ComparedTables tables={last.tables} />}
      {verification.isPending && (
        <Table.Root variant="surface" size="1">
          <Table.Body>
            <SkeletonRows columns={5} rows={3} />
          </Table.Body>
        </Table.Root>
      )}
    </Flex>
  );
}

/** Every read table compared: its rows, and what differs, with a few sample rows to start from. */
function ComparedTables({ tables }: { tables: readonly ComparedTable[] }) {
  const intl = useIntl();
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (key: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  return (
    <Table.Root variant="surface" size="1" aria-label={intl.formatMessage({ id: 'audit.verification.tables' })}>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>
            <FormattedMessage id="audit.verification.column.table" />
          </Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>
            <FormattedMessage id="audit.verification.column.projection" />
          </Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell justify="end">
            <FormattedMessage id="audit.verification.column.rows" />
          </Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell justify="end">
            <FormattedMessage id="audit.verification.column.unexpected" />
          </Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell justify="end">
            <FormattedMessage id="audit.verification.column.missing" />
          </Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>
            <FormattedMessage id="audit.verification.column.result" />
          </Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {tables.map((table) => {
          const key = `${table.projection}.${table.table}`;
          const differs = table.unexpected + table.missing > 0;
          const expanded = open.has(key);
          return (
            <Fragment key={key}>
              <Table.Row data-table={table.table} data-differs={differs || undefined}>
                <Table.RowHeaderCell>
                  <Flex gap="2" align="center">
                    {table.samples.length > 0 && (
                      <IconButton
                        size="1"
                        variant="ghost"
                        className="audit-expander"
                        aria-expanded={expanded}
                        aria-label={intl.formatMessage({ id: 'audit.verification.showSamples' }, { name: table.table })}
                        onClick={() => toggle(key)}
                      >
                        <ChevronForwardIcon />
                      </IconButton>
                    )}
                    <span className="code-value">{table.table}</span>
                  </Flex>
                </Table.RowHeaderCell>
                <Table.Cell>
                  <span className="code-value">{table.projection}</span>
                </Table.Cell>
                <Table.Cell justify="end">{intl.formatNumber(table.rows)}</Table.Cell>
                <Table.Cell justify="end">
                  <Text color={table.unexpected > 0 ? 'red' : undefined}>{intl.formatNumber(table.unexpected)}</Text>
                </Table.Cell>
                <Table.Cell justify="end">
                  <Text color={table.missing > 0 ? 'red' : undefined}>{intl.formatNumber(table.missing)}</Text>
                </Table.Cell>
                <Table.Cell>
                  {differs ? (
                    <Badge color="red">
                      <FormattedMessage id="audit.verification.tableDiffers" />
                    </Badge>
                  ) : (
                    <Badge color="green" variant="soft">
                      <FormattedMessage id="audit.verification.tableMatches" />
                    </Badge>
                  )}
                </Table.Cell>
              </Table.Row>
              {expanded && (
                <Table.Row>
                  <Table.Cell colSpan={6}>
                    <Flex direction="column" gap="2">
                      {table.samples.map((sample, index) => (
                        <Flex key={index} gap="2" align="start" direction={{ initial: 'column', sm: 'row' }}>
                          <Badge color={sample.side === 'live' ? 'amber' : 'teal'} style={{ flexShrink: 0 }}>
                            {sample.side === 'live' ? (
                              <FormattedMessage id="audit.verification.side.live" />
                            ) : (
                              <FormattedMessage id="audit.verification.side.replay" />
                            )}
                          </Badge>
                          <pre className="audit-json audit-json-inline" dir="ltr">
                            {JSON.stringify(sample.row, null, 2)}
                          </pre>
                        </Flex>
                      ))}
                    </Flex>
                  </Table.Cell>
                </Table.Row>
              )}
            </Fragment>
          );
        })}
      </Table.Body>
    </Table.Root>
  );
}
