/**
 * Testcontainers is used when a container runtime answers; on machines
 * without one (such as CI here) the harness starts local processes instead.
 */
export async function containerRuntimeAvailable(): Promise<boolean> {
  if (process.env.TESTCONTAINERS_DISABLED === '1') return false;
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await getContainerRuntimeClient();
    return true;
  } catch {
    return false;
  }
}

export interface StartedService {
  url: string;
  stop(): Promise<void>;
}

export async function startPostgresContainer(): Promise<StartedService> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const container = await new GenericContainer('postgres:15')
    .withEnvironment({ POSTGRES_PASSWORD: 'postgres' })
    .withCommand([
      'postgres',
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
      '-c',
      'max_connections=200',
    ])
    .withExposedPorts(5432)
    .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
    .start();
  return {
    url: `postgres://postgres:postgres@${container.getHost()}:${container.getMappedPort(5432)}/postgres`,
    stop: async () => {
      await container.stop();
    },
  };
}

export async function startRedisContainer(): Promise<StartedService> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const container = await new GenericContainer('redis:7')
    .withExposedPorts(6379)
    .withWaitStrategy(Wait.forLogMessage(/Ready to accept connections/))
    .start();
  return {
    url: `redis://${container.getHost()}:${container.getMappedPort(6379)}`,
    stop: async () => {
      await container.stop();
    },
  };
}
