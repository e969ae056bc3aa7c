import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { JobCount } from '@pharmacy/jobs';
import type { LogHead } from './projection-lag';

/** Where the metrics that are read when scraped come from; each may fail (the database is down) without failing the scrape. */
export interface MetricSources {
  logHead(): Promise<LogHead>;
  jobCounts(): Promise<JobCount[]>;
}

/** A scrape does not wait longer than this for the database or the queue: it answers without their gauges. */
const SOURCE_TIMEOUT_MS = 2000;

/** Seconds: from a cached read (1 ms) to a slow report or a command that waited for the read models. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The process's Prometheus metrics, in a registry of its own (several servers
 * may share one process in tests). Request and command figures are counted as
 * they happen; projection lag and job counts are read when scraped.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requestSeconds: Histogram<'method' | 'route' | 'status'>;
  private readonly commandSeconds: Histogram<'stream' | 'outcome'>;
  private readonly conflicts: Counter<'stream'>;
  private readonly retries: Counter<'stream' | 'reason'>;
  private readonly refreshGauges: () => Promise<void>;

  constructor(sources: MetricSources, onSourceError: (source: string, error: unknown) => void = () => undefined) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.requestSeconds = new Histogram({
      name: 'pharmacy_http_request_duration_seconds',
      help: 'API requests by route (the path pattern, not the ids) and status.',
      labelNames: ['method', 'route', 'status'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.commandSeconds = new Histogram({
      name: 'pharmacy_command_duration_seconds',
      help: 'Commands by stream category, from load to append (without the wait for the read models).',
      labelNames: ['stream', 'outcome'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.conflicts = new Counter({
      name: 'pharmacy_command_conflicts_total',
      help: 'Appends refused because another writer changed the stream first (each is decided again).',
      labelNames: ['stream'],
      registers,
    });
    this.retries = new Counter({
      name: 'pharmacy_command_retries_total',
      help: 'Commands decided again: after a conflict, or to find an earlier attempt of a keyed command.',
      labelNames: ['stream', 'reason'],
      registers,
    });

    const lagGauge = new Gauge({
      name: 'pharmacy_projection_lag_seconds',
      help: 'Age of the oldest event a projection has not applied yet (0 when caught up).',
      labelNames: ['projection'],
      registers,
    });
    const checkpointGauge = new Gauge({
      name: 'pharmacy_projection_checkpoint_position',
      help: 'Global position of the event log each projection has committed.',
      labelNames: ['projection'],
      registers,
    });
    const headGauge = new Gauge({
      name: 'pharmacy_event_log_head_position',
      help: 'Global position of the newest event in the log.',
      registers,
    });
    const jobsGauge = new Gauge({
      name: 'pharmacy_jobs',
      help: 'Background jobs by queue and state.',
      labelNames: ['queue', 'state'],
      registers,
    });
    this.refreshGauges = async () => {
      const read = <T>(source: string, run: () => Promise<T>): Promise<T | null> =>
        withinBound(run(), SOURCE_TIMEOUT_MS).catch((error: unknown) => {
          onSourceError(source, error);
          return null;
        });
      const [head, jobs] = await Promise.all([
        read('projection lag', sources.logHead),
        read('job counts', sources.jobCounts),
      ]);
      // A source that failed leaves its gauges empty rather than showing stale figures as current.
      lagGauge.reset();
      checkpointGauge.reset();
      headGauge.reset();
      jobsGauge.reset();
      if (head) {
        headGauge.set(Number(head.head));
        for (const p of head.projections) {
          lagGauge.set({ projection: p.name }, p.seconds);
          checkpointGauge.set({ projection: p.name }, Number(p.checkpoint));
        }
      }
      for (const row of jobs ?? []) jobsGauge.set({ queue: row.queue, state: row.state }, row.count);
    };
  }

  observeRequest(method: string, route: string, status: number, seconds: number): void {
    this.requestSeconds.observe({ method, route, status: String(status) }, seconds);
  }

  observeCommand(streamId: string, outcome: 'appended' | 'unchanged' | 'replayed' | 'refused', seconds: number): void {
    this.commandSeconds.observe({ stream: streamCategory(streamId), outcome }, seconds);
  }

  countConflict(streamId: string): void {
    this.conflicts.inc({ stream: streamCategory(streamId) });
  }

  countRetry(streamId: string, reason: 'conflict' | 'repeat'): void {
    this.retries.inc({ stream: streamCategory(streamId), reason });
  }

  /** The exposition text of a scrape: the gauges read from the database and the queue first. */
  async text(): Promise<string> {
    await this.refreshGauges();
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}

/** `stock-5b0f…` → `stock`: a label with a few values, not one per stream. */
export function streamCategory(streamId: string): string {
  const dash = streamId.indexOf('-');
  return dash > 0 ? streamId.slice(0, dash) : streamId;
}

function withinBound<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
