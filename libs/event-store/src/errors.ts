import { describeExpected, type ExpectedRevision } from './port';

/** The stream was not at the revision the writer expected (optimistic concurrency). */
export class WrongExpectedRevisionError extends Error {
  readonly code = 'WRONG_EXPECTED_REVISION';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    /** The stream's current revision, or null when it does not exist. */
    readonly actual: bigint | null,
  ) {
    super(
      `Stream ${streamId} was expected at ${describeExpected(expected)} but is at ${actual === null ? 'no stream' : actual.toString()}`,
    );
    this.name = 'WrongExpectedRevisionError';
  }
}

/** Some, but not all, event ids of an append were already written: the retry does not match the original. */
export class IdempotencyConflictError extends Error {
  readonly code = 'IDEMPOTENCY_CONFLICT';
  constructor(
    readonly streamId: string,
    readonly eventIds: string[],
  ) {
    super(`Append to ${streamId} repeats event ids already written elsewhere or partially: ${eventIds.join(', ')}`);
    this.name = 'IdempotencyConflictError';
  }
}

/** The store cannot be reached; the caller may retry later. */
export class EventStoreUnavailableError extends Error {
  readonly code = 'EVENT_STORE_UNAVAILABLE';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'EventStoreUnavailableError';
  }
}
