export default async function globalTeardown(): Promise<void> {
  const stops = (globalThis as { __harnessStops?: Array<() => Promise<void>> }).__harnessStops ?? [];
  for (const stop of stops.reverse()) {
    await stop().catch((error: unknown) => console.error('[harness] stop failed', error));
  }
}
