#!/usr/bin/env node
// The chain data set (issue 13): `npm run bench:data` (builds the server packages first).
//
// Generates a 50-pharmacy chain with two years of history from a seed
// (bench/data/generate.mjs) and writes its events through the bulk path: the
// same events the product writes, each checked against the event catalogue
// (libs/domain) and stamped with its schema version, streamed into the event log
// with COPY (its secondary indexes dropped during the load and built after),
// with their streams' revisions. Prints progress
// and events/s, and how long it took. Then, with BENCH_REBUILD=1 (the default),
// rebuilds every projection from the log (bench/rebuild.mjs) and prints events/s
// against the target (>= 50,000 events/s).
//
// The cluster is kept in BENCH_DATA_DIR (default .data/bench-chain) so other
// benchmarks can start it again; the database `chain` is dropped and written anew.
//
// Options (env): BENCH_SCALE (default 1: 50 pharmacies, 20,000 products,
// 500,000 batches, about five million events; 0.02 for a quick look),
// BENCH_SEED (default 2026), BENCH_DATA_DIR, BENCH_REBUILD (1 or 0).
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { generate, sizes } from './data/generate.mjs';
import { fmt, pg, readDb, startChainCluster } from './lib/util.mjs';
import { figure, writeSummary } from './lib/summary.mjs';

const require = createRequire(import.meta.url);
const { parseEventData, currentEventVersion } = require('@pharmacy/domain');
const { migrateEventStore } = require('@pharmacy/event-store');
const { from: copyFrom } = require('pg-copy-streams');

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const SEED = Number(process.env.BENCH_SEED ?? 2026);
const DATA_DIR = resolve(process.env.BENCH_DATA_DIR ?? '.data/bench-chain');
const REBUILD = process.env.BENCH_REBUILD !== '0';
const CHUNK = 5000; // streams per insert of their revisions

const progress = (text) => console.log(`[bench:data] ${text}`);

const cluster = await startChainCluster(DATA_DIR);
try {
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS chain WITH (FORCE)');
  await admin.query('CREATE DATABASE chain');
  await admin.end();
  const url = cluster.url.replace(/\/postgres$/, '/chain');
  await migrateEventStore(url);
  await readDb.migrateDatabase(url);
  const size = sizes(SCALE);
  progress(
    `scale ${SCALE}, seed ${SEED}: ${size.pharmacies} pharmacies, ${fmt.int(size.products)} products, ` +
      `${fmt.int(size.batchesPerPharmacy * size.pharmacies)} batches, ${size.days} days ` +
      `(${cpus().length} cores, load ${loadavg()[0].toFixed(1)})`,
  );

  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const revisions = new Map();
  let position = 0;
  const counts = new Map();
  const started = Date.now();
  let lastReport = started;

  // Bulk path: the log's secondary indexes and unique constraints are dropped, the events
  // streamed in with one COPY, and the indexes built again after the load.
  const constraints = (
    await db.query(
      "SELECT conname, pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conrelid = 'eventstore.events'::regclass AND contype = 'u'",
    )
  ).rows;
  const indexes = (
    await db.query(
      `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'eventstore' AND tablename = 'events'
         AND indexname NOT IN (SELECT conname FROM pg_constraint WHERE conrelid = 'eventstore.events'::regclass)`,
    )
  ).rows;
  for (const c of constraints) await db.query(`ALTER TABLE eventstore.events DROP CONSTRAINT ${c.conname}`);
  for (const i of indexes) await db.query(`DROP INDEX eventstore.${i.indexname}`);
  const copy = db.query(
    copyFrom(
      'COPY eventstore.events (position, event_id, stream_id, revision, type, data, metadata, occurred_at, recorded_at) FROM STDIN WITH (FORMAT csv)',
    ),
  );
  const csv = (text) => `"${text.replaceAll('"', '""')}"`;
  const write = async (line) => {
    if (!copy.write(line)) await once(copy, 'drain');
  };

  for (const [streamId, events] of generate({ seed: SEED, scale: SCALE })) {
    for (const event of events) {
      // The same check as every append of the product.
      const data = parseEventData(event.type, event.data);
      const revision = (revisions.get(streamId) ?? -1) + 1;
      revisions.set(streamId, revision);
      position += 1;
      counts.set(event.type, (counts.get(event.type) ?? 0) + 1);
      const metadata = { ...event.metadata, schemaVersion: currentEventVersion(event.type) };
      await write(
        `${position},${event.id},${csv(streamId)},${revision},${event.type},${csv(JSON.stringify(data))},` +
          `${csv(JSON.stringify(metadata))},${metadata.occurredAt},${metadata.occurredAt}\n`,
      );
    }
    if (Date.now() - lastReport > 2000) {
      lastReport = Date.now();
      const seconds = (Date.now() - started) / 1000;
      progress(`${fmt.int(position)} events, ${fmt.int(Math.round(position / seconds))} events/s`);
    }
  }
  copy.end();
  await once(copy, 'finish');
  const loaded = (Date.now() - started) / 1000;
  progress(`${fmt.int(position)} events loaded in ${loaded.toFixed(0)} s; building the indexes`);
  for (const c of constraints) await db.query(`ALTER TABLE eventstore.events ADD CONSTRAINT ${c.conname} ${c.def}`);
  for (const i of indexes) await db.query(i.indexdef);
  const streams = [...revisions.entries()];
  for (let i = 0; i < streams.length; i += CHUNK) {
    const slice = streams.slice(i, i + CHUNK);
    await db.query(
      'INSERT INTO eventstore.streams (stream_id, revision) SELECT * FROM unnest($1::text[], $2::bigint[])',
      [slice.map(([id]) => id), slice.map(([, revision]) => revision)],
    );
  }
  await db.query('ANALYZE eventstore.events');
  const seconds = (Date.now() - started) / 1000;
  const bytes = (await db.query("SELECT pg_database_size('chain') AS n")).rows[0].n;
  progress(
    `${fmt.int(position)} events in ${fmt.int(streams.length)} streams written in ${seconds.toFixed(0)} s ` +
      `(${fmt.int(Math.round(position / seconds))} events/s); database ${(Number(bytes) / 2 ** 30).toFixed(2)} GiB`,
  );
  for (const [type, n] of [...counts.entries()].sort((a, b) => b[1] - a[1]))
    console.log(`  ${type.padEnd(22)} ${fmt.int(n)}`);
  await writeSummary([
    figure('data', `events generated and written (scale ${SCALE}, seed ${SEED})`, position, 'events'),
    figure('data', 'generation and bulk load', Math.round(position / seconds), 'events/s'),
  ]);
  await db.end();

  if (REBUILD) {
    const { rebuild } = await import('./rebuild.mjs');
    await rebuild(url, { log: progress });
  }
  progress(`kept in ${DATA_DIR} (database chain)`);
} finally {
  await cluster.stop();
}
