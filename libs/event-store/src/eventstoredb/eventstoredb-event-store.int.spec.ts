import { describe, jest } from '@jest/globals';
import { describeEventStoreContract, type ContractSubject } from '../event-store.contract';
import { EventStoreDbEventStore } from './eventstoredb-event-store';

const IMAGE = process.env.EVENTSTORE_IMAGE ?? 'eventstore/eventstore:24.10';
const SKIP_REASON = 'set EVENTSTORE_CONNECTION_STRING or provide a container runtime';

/** Every test appends to its own uuid-named streams, so one server can serve all of them (and other runs). */
function subjectFor(connectionString: string, stopServer: () => Promise<void>): ContractSubject {
  const opened: EventStoreDbEventStore[] = [];
  const open = () => {
    const store = new EventStoreDbEventStore({ connectionString, pollIntervalMs: 200 });
    opened.push(store);
    return store;
  };
  return {
    store: open(),
    openAnother: () => Promise.resolve(open()),
    async cleanup() {
      await Promise.all(opened.map((s) => s.close()));
      await stopServer();
    },
  };
}

async function startEventStoreContainer(): Promise<{ url: string; stop(): Promise<void> }> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const container = await new GenericContainer(IMAGE)
    .withEnvironment({
      EVENTSTORE_INSECURE: 'true',
      EVENTSTORE_RUN_PROJECTIONS: 'None',
      EVENTSTORE_MEM_DB: 'true',
      EVENTSTORE_CLUSTER_SIZE: '1',
    })
    .withExposedPorts(2113)
    // /health/live answers 204 once the node accepts requests.
    .withWaitStrategy(
      Wait.forHttp('/health/live', 2113).forStatusCodeMatching((status) => status >= 200 && status < 300),
    )
    .withStartupTimeout(120_000)
    .start();
  return {
    url: `esdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`,
    stop: async () => {
      await container.stop();
    },
  };
}

const connectionString = process.env.EVENTSTORE_CONNECTION_STRING;
// Set by the harness global setup after its asynchronous container-runtime check; Jest collects tests synchronously.
const containerRuntime = process.env.TEST_CONTAINER_RUNTIME === '1';

if (connectionString) {
  describeEventStoreContract('EventStoreDB', () =>
    Promise.resolve(subjectFor(connectionString, () => Promise.resolve())),
  );
} else if (containerRuntime) {
  // The contract's beforeAll starts the container: pulling the image can take longer than the default timeout.
  jest.setTimeout(180_000);
  describeEventStoreContract('EventStoreDB', async () => {
    const server = await startEventStoreContainer();
    return subjectFor(server.url, () => server.stop());
  });
} else {
  // Skipped, visibly and by name: there is no EventStoreDB to run against (no EVENTSTORE_CONNECTION_STRING
  // and no container runtime). The contract suite is declared inside so every one of its tests is listed as
  // skipped; a skipped block runs neither its hooks nor the factory below.
  describe.skip(`event store contract: EventStoreDB (skipped: ${SKIP_REASON})`, () => {
    describeEventStoreContract('EventStoreDB', () => Promise.reject(new Error(SKIP_REASON)));
  });
}
