import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestApp, type TestApp } from '@pharmacy/test-harness';
import { routeTable, undeclaredRoutes, type RouteEntry } from '../../apps/api/src/common/access/route-table';
import {
  callFor,
  casesFor,
  expectedFor,
  policyLine,
  routeKey,
  type CallSpec,
  type Expected,
} from './authorization/matrix';
import { buildWorld, type Agent, type Caller, type World } from './authorization/world';

/**
 * The authorization matrix (issue 14): every route of the running server ×
 * every kind of caller (anonymous, a pharmacist of A, a pharmacist of B, an
 * administrator, an auditor) × every place the route's declared policy names
 * a pharmacy (its own, another pharmacy's id in the query, body or path,
 * another pharmacy's record). Each answer must be the one the policy
 * promises, and no answer to a pharmacist may hold another pharmacy's
 * records: the ids and batch numbers of the other pharmacy's batches, sales,
 * counts, discrepancies and transfers are looked for in every answer.
 */

interface Answer {
  status: number;
  code: string | undefined;
  text: string;
  body: unknown;
}

interface Tally {
  cells: number;
  refusals: number;
  answersSearched: number;
  listsCompared: number;
  leaks: string[];
  mismatches: string[];
}

interface Exchange {
  call: CallSpec;
  answer: Answer;
}

const MATRIX_TIMEOUT_MS = 180_000;
/** Long enough for the projector to apply what an earlier cell wrote. */
const SETTLE_MS = 1000;

describe('authorization matrix', () => {
  let app: TestApp;
  let world: World;
  let table: RouteEntry[];

  beforeAll(async () => {
    app = await startTestApp({ seed: true });
    world = await buildWorld(app);
    table = routeTable(app.server.nest);
  }, MATRIX_TIMEOUT_MS);
  afterAll(async () => {
    await app?.stop();
  });

  it('finds a declared policy on every route of the router', () => {
    expect(table.length).toBeGreaterThan(90);
    expect(undeclaredRoutes(table)).toEqual([]);
  });

  it('keeps the policies as reviewed: a change to who may call what, or to what it reaches, shows here', () => {
    const declaredByDecorators = table.filter((route) => route.handler !== 'outside Nest');
    expect(declaredByDecorators.map(policyLine).join('\n')).toMatchSnapshot();
  });

  it(
    'answers every route × caller × pharmacy placement as its policy says, and leaks nothing',
    async () => {
      const tally: Tally = { cells: 0, refusals: 0, answersSearched: 0, listsCompared: 0, leaks: [], mismatches: [] };
      for (const route of table) {
        for (const caller of world.callers) await runCells(route, caller, tally);
      }
      const callers = world.callers.map((caller) => caller.name).join(', ');
      console.info(
        [
          `authorization matrix: ${table.length} routes × ${world.callers.length} callers (${callers})`,
          `${tally.cells} cells checked: ${tally.refusals} refused as declared, ${tally.cells - tally.refusals} allowed`,
          `${tally.answersSearched} answers to pharmacists searched for another pharmacy's records, ` +
            `${tally.listsCompared} lists compared without and with their pharmacy id`,
          `leaks: ${tally.leaks.length}, mismatches: ${tally.mismatches.length}`,
        ].join('\n'),
      );
      expect(tally.mismatches).toEqual([]);
      expect(tally.leaks).toEqual([]);
    },
    MATRIX_TIMEOUT_MS,
  );

  /** Every case of one route for one caller, checked against the policy and searched for leaks. */
  async function runCells(route: RouteEntry, caller: Caller, tally: Tally): Promise<void> {
    let own: Exchange | undefined;
    for (const kase of casesFor(route, caller, world)) {
      let call: CallSpec;
      try {
        call = callFor(route, caller, kase, world);
      } catch (error) {
        tally.mismatches.push(`${caller.name} ${routeKey(route)}: ${(error as Error).message}`);
        return;
      }
      const answer = await send(caller, call);
      const expected = expectedFor(route, caller, kase);
      const cell = `${caller.name} ${routeKey(route)} [${kase.label}]`;
      tally.cells += 1;
      if (!expected.allowed) tally.refusals += 1;
      const mismatch = mismatchOf(expected, answer);
      if (mismatch) tally.mismatches.push(`${cell}: ${mismatch}`);
      if (caller.role !== 'pharmacist') continue;
      tally.answersSearched += 1;
      const leaked = world.records[caller.away]!.secrets.filter((secret) => answer.text.includes(secret));
      if (leaked.length > 0) tally.leaks.push(`${cell}: answered ${answer.status} with ${leaked.join(', ')}`);
      if (kase.label === 'own pharmacy') own = { call, answer };
      if (kase.pharmacyLeftOut) await compareLeftOut(cell, caller, own, { call, answer }, tally);
    }
  }

  /**
   * A pharmacist works at one pharmacy, so a list asked without a pharmacy
   * id must be the list of that pharmacy: anything more is another's.
   */
  async function compareLeftOut(
    cell: string,
    caller: Caller,
    own: Exchange | undefined,
    leftOut: Exchange,
    tally: Tally,
  ): Promise<void> {
    if (!own || own.answer.status >= 300 || leftOut.answer.status >= 300) return;
    tally.listsCompared += 1;
    if (sameAnswer(own.answer, leftOut.answer)) return;
    // A write of an earlier cell may still have been reaching the read models: ask both again once it has.
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const ownAgain = await send(caller, own.call);
    if (!sameAnswer(ownAgain, await send(caller, leftOut.call))) {
      tally.leaks.push(`${cell}: differs from the list of the pharmacist's own pharmacy`);
    }
  }

  async function send(caller: Caller, call: CallSpec): Promise<Answer> {
    const agent: Agent = call.endsSession ? await caller.freshAgent() : caller.agent;
    const method = call.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    let pending = agent[method](call.path).query(call.query);
    for (const [name, value] of Object.entries(call.headers)) pending = pending.set(name, value);
    const response = call.body === undefined ? await pending : await pending.send(call.body);
    const body = response.body as { code?: unknown } | undefined;
    return {
      status: response.status,
      code: typeof body?.code === 'string' ? body.code : undefined,
      text: response.text ?? '',
      body: response.body,
    };
  }
});

/** Why the answer is not the one expected, or null when it is. */
function mismatchOf(expected: Expected, answer: Answer): string | null {
  const got = `${answer.status}${answer.code ? ` ${answer.code}` : ''}`;
  if (!expected.allowed) {
    const as = `${expected.status} ${expected.code}`;
    return answer.status === expected.status && answer.code === expected.code ? null : `expected ${as}, got ${got}`;
  }
  if (answer.status === 401 || answer.status === 403) return `expected to be let through, refused with ${got}`;
  if (answer.status === 500) return `expected to be let through, failed with ${got}: ${answer.text.slice(0, 200)}`;
  return null;
}

/** Whether two answers hold the same, but for when each was made (an offline catalogue's `generatedAt`). */
function sameAnswer(one: Answer, other: Answer): boolean {
  const stable = (body: unknown) =>
    JSON.stringify(body ?? null, (key, value: unknown) => (key === 'generatedAt' ? undefined : value));
  return stable(one.body) === stable(other.body);
}
