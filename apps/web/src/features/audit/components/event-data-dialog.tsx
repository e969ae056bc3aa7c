import type { AuditEventPage } from '@pharmacy/contracts';
import { Badge, Button, DataList, Dialog, Flex, Text } from '@radix-ui/themes';
import { FormattedMessage, useIntl } from 'react-intl';
import { useInstantFormatter } from '../hooks/use-instant-formatter';
import { eventSentence } from '../utils/event-sentence';
import { eventTypeText } from '../utils/event-types';
import { isRecordedLate } from '../utils/instants';
import { useFocusReturn } from '../../../lib/focus-return';

export type AuditEvent = AuditEventPage['events'][number];

/** One event as the log holds it: its envelope in words, and its data as JSON. */
export function EventDataDialog({
  event,
  pharmacyName,
  onClose,
}: {
  event: AuditEvent | null;
  pharmacyName(id: string | null): string;
  onClose(): void;
}) {
  const focusReturn = useFocusReturn(event !== null);
  const intl = useIntl();
  const instant = useInstantFormatter();
  return (
    <Dialog.Root open={event !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Content {...focusReturn} maxWidth="720px">
        {event && (
          <>
            <Dialog.Title>{eventTypeText(intl, event.type)}</Dialog.Title>
            <Dialog.Description size="2" mb="4">
              {eventSentence(intl, event)}
            </Dialog.Description>
            <DataList.Root size="2" mb="4">
              <DataList.Item>
                <DataList.Label minWidth="140px">
                  <FormattedMessage id="audit.events.column.occurred" />
                </DataList.Label>
                <DataList.Value>{instant(event.occurredAt)}</DataList.Value>
              </DataList.Item>
              <DataList.Item>
                <DataList.Label minWidth="140px">
                  <FormattedMessage id="audit.events.column.recorded" />
                </DataList.Label>
                <DataList.Value>
                  <Flex gap="2" align="center" wrap="wrap">
                    {instant(event.recordedAt)}
                    {isRecordedLate(event.occurredAt, event.recordedAt) && (
                      <Badge color="amber">
                        <FormattedMessage id="audit.events.recordedLate" />
                      </Badge>
                    )}
                  </Flex>
                </DataList.Value>
              </DataList.Item>
              <DataList.Item>
                <DataList.Label minWidth="140px">
                  <FormattedMessage id="audit.events.column.user" />
                </DataList.Label>
                <DataList.Value>
                  {event.userName ? <bdi>{event.userName}</bdi> : <FormattedMessage id="audit.events.system" />}
                </DataList.Value>
              </DataList.Item>
              {event.pharmacyId && (
                <DataList.Item>
                  <DataList.Label minWidth="140px">
                    <FormattedMessage id="audit.field.pharmacy" />
                  </DataList.Label>
                  <DataList.Value>
                    <bdi>{pharmacyName(event.pharmacyId)}</bdi>
                  </DataList.Value>
                </DataList.Item>
              )}
              <DataList.Item>
                <DataList.Label minWidth="140px">
                  <FormattedMessage id="audit.events.type" />
                </DataList.Label>
                <DataList.Value>
                  <span className="code-value">{event.type}</span>
                </DataList.Value>
              </DataList.Item>
              <DataList.Item>
                <DataList.Label minWidth="140px">
                  <FormattedMessage id="audit.events.column.stream" />
                </DataList.Label>
                <DataList.Value>
                  <span className="ltr-value wrap-anywhere">{event.streamId}</span>
                </DataList.Value>
              </DataList.Item>
              <DataList.Item>
                <DataList.Label minWidth="140px">
                  <FormattedMessage id="audit.events.eventId" />
                </DataList.Label>
                <DataList.Value>
                  <span className="ltr-value wrap-anywhere">{event.eventId}</span>
                </DataList.Value>
              </DataList.Item>
              <DataList.Item>
                <DataList.Label minWidth="140px">
                  <FormattedMessage id="audit.events.position" />
                </DataList.Label>
                <DataList.Value>
                  <span className="code-value">{event.position}</span>
                </DataList.Value>
              </DataList.Item>
            </DataList.Root>
            <Text as="div" size="2" weight="medium" mb="1">
              <FormattedMessage id="audit.events.data" />
            </Text>
            <pre className="audit-json" dir="ltr" aria-label={intl.formatMessage({ id: 'audit.events.data' })}>
              {JSON.stringify(event.data, null, 2)}
            </pre>
            <Flex justify="end" mt="4">
              <Dialog.Close>
                <Button variant="soft" color="gray">
                  <FormattedMessage id="common.close" />
                </Button>
              </Dialog.Close>
            </Flex>
          </>
        )}
      </Dialog.Content>
    </Dialog.Root>
  );
}
