import { currentEventVersion, parseEventData, type DomainEvent } from '@pharmacy/domain';
import type { EventMetadata, NewEvent } from '@pharmacy/event-store';

/**
 * The events of a decision as they are appended: each checked against the
 * event catalogue in its current version, with its id and the metadata of the
 * request or job that caused it.
 */
export function envelopesOf(
  events: readonly DomainEvent[],
  idOf: (index: number) => string,
  metadata: Omit<EventMetadata, 'schemaVersion'>,
): NewEvent[] {
  return events.map((event, index) => ({
    id: idOf(index),
    type: event.type,
    data: parseEventData(event.type, event.data),
    metadata: { ...metadata, schemaVersion: currentEventVersion(event.type) },
  }));
}
