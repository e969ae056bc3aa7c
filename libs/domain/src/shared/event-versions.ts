/**
 * An event type's schema version. Each event records the version of its data's
 * shape in its metadata (`schemaVersion`; absent means 1, events written before
 * versions were recorded). When a shape changes, its version goes up and an
 * upcaster turns data of the previous version into the new one, so every event
 * ever written is read in today's shape, by commands and projections alike,
 * and a rebuild never meets a shape it does not know.
 */
export interface EventVersioning {
  /** The version written now. */
  readonly current: number;
  /** `upcasters[n]` turns version n into version n + 1, for every n below `current`. */
  readonly upcasters: Readonly<Record<number, (data: never) => unknown>>;
}

export type EventVersions = Readonly<Record<string, EventVersioning>>;

/** The version an event's metadata records: 1 for events written before versions were recorded. */
export function recordedVersion(metadata: { schemaVersion?: number | null | undefined }): number {
  return metadata.schemaVersion ?? 1;
}

export class UnknownEventVersionError extends Error {
  constructor(type: string, version: number, current: number) {
    super(
      `Event ${type} is at version ${version}, but this release knows versions up to ${current}: it was written by a newer release. Upgrade this process.`,
    );
  }
}

/** Data of `version` upcast, one step at a time, to the current version. Data already current is returned as it is. */
export function upcastWith(versions: EventVersions, type: string, data: unknown, version: number): unknown {
  const versioning = versions[type];
  const current = versioning?.current ?? 1;
  if (!Number.isInteger(version) || version < 1 || version > current) {
    throw new UnknownEventVersionError(type, version, current);
  }
  let upcast = data;
  for (let from = version; from < current; from += 1) {
    const step = versioning!.upcasters[from];
    if (!step) throw new Error(`Event ${type} has no upcaster from version ${from}`);
    upcast = step(upcast as never);
  }
  return upcast;
}
