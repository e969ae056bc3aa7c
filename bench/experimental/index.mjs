// The experimental adapters, built on the compiled @pharmacy/event-store (libs/event-store/dist).
import { eventStore, pg } from '../lib/util.mjs';
import { APPEND_FUNCTION_SQL, defineSingleRoundTripStore } from './single-round-trip-store.mjs';

export { FourRoundTripEventStore } from './four-round-trip-store.mjs';
export const SingleRoundTripEventStore = defineSingleRoundTripStore(eventStore);

/** Creates eventstore.append_batch (what a migration would do in the real patch). */
export async function installAppendFunction(connectionString) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(APPEND_FUNCTION_SQL);
  } finally {
    await client.end();
  }
}
