const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are uuids; a path id that is not even one names nothing (answered like an unknown id). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
