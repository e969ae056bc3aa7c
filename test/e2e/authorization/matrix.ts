import type { Place, Reach, RecordKind, TransferSide } from '../../../apps/api/src/common/access/policy';
import type { RouteEntry } from '../../../apps/api/src/common/access/route-table';
import { samples, type Sample } from './samples';
import type { Caller, World } from './world';

/**
 * The cells of the authorization matrix: for a route and a caller, the
 * requests its policy calls for (the caller's own pharmacy, then another
 * pharmacy's id or record in each place the policy names), and the answer
 * the policy promises for each.
 */

/** What one reach of the route was given in one request. */
export interface Placement {
  reach: Reach;
  /** The ids put in the request, by field (in `reach.in`). */
  values: Array<{ field: string; value: string }>;
  /** Whose they are: pharmacies (pharmacy and record reaches) or a user (user reach). */
  owners: string[];
}

export interface Case {
  /** "own pharmacy", "other pharmacy's batch in path"… */
  label: string;
  placements: Placement[];
  /** A list asked without its pharmacy id: it must hold the caller's pharmacies' rows only. */
  pharmacyLeftOut: boolean;
}

export type Expected = { allowed: true } | { allowed: false; status: 401 | 403; code: string };

export interface CallSpec {
  method: string;
  path: string;
  query: Record<string, string>;
  body: Record<string, unknown> | undefined;
  headers: Record<string, string>;
  endsSession: boolean;
}

const allowed: Expected = { allowed: true };
const refused = (status: 401 | 403, code: string): Expected => ({ allowed: false, status, code });
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const routeKey = (route: Pick<RouteEntry, 'method' | 'path'>) => `${route.method} ${route.path}`;

export function casesFor(route: RouteEntry, caller: Caller, world: World): Case[] {
  const reaches = route.reaches ?? [];
  const own = reaches.map((reach) => ownPlacement(reach, caller, world));
  const cases: Case[] = [{ label: 'own pharmacy', placements: own, pharmacyLeftOut: false }];
  reaches.forEach((reach, index) => {
    for (const foreign of foreignPlacements(reach, caller, world)) {
      cases.push({ label: foreign.label, placements: own.with(index, foreign.placement), pharmacyLeftOut: false });
    }
    if (READS.has(route.method) && reach.kind === 'pharmacy' && reach.in === 'query') {
      const leftOut = { reach, values: [], owners: [] };
      cases.push({ label: 'pharmacy id left out', placements: own.with(index, leftOut), pharmacyLeftOut: true });
    }
  });
  return cases;
}

/** What the route's policy promises this caller for this request. */
export function expectedFor(route: RouteEntry, caller: Caller, kase: Case): Expected {
  const { audience, ownAccount } = route.access;
  if (audience === 'public') return allowed;
  if (caller.role === 'anonymous') return refused(401, 'UNAUTHORIZED');
  const reads = READS.has(route.method);
  if (caller.role === 'auditor' && !reads && !ownAccount) return refused(403, 'READ_ONLY');
  if (audience === 'admin' && caller.role !== 'admin' && !(caller.role === 'auditor' && reads)) {
    return refused(403, 'FORBIDDEN');
  }
  for (const placement of kase.placements) {
    const verdict = pharmacistMay(placement, caller);
    if (!verdict.allowed) return verdict;
  }
  return allowed;
}

/** Administrators and auditors reach every pharmacy; a pharmacist only those they work at. */
function pharmacistMay({ reach, owners }: Placement, caller: Caller): Expected {
  const { worksAt } = caller;
  if (worksAt === 'all' || owners.length === 0) return allowed;
  switch (reach.kind) {
    case 'pharmacy':
    case 'record':
      if (!owners.some((pharmacyId) => worksAt.includes(pharmacyId))) return refused(403, 'PHARMACY_FORBIDDEN');
      if (reach.kind === 'record' && reach.managerOnly && !owners.some((id) => caller.manages.includes(id))) {
        return refused(403, 'FORBIDDEN');
      }
      return allowed;
    case 'user':
      return owners[0] === caller.userId ? allowed : refused(403, 'FORBIDDEN');
    default:
      return allowed;
  }
}

function ownPlacement(reach: Reach, caller: Caller, world: World): Placement {
  switch (reach.kind) {
    case 'pharmacy':
      return pharmacyPlacement(reach, caller.home, world);
    case 'record':
      return recordPlacement(reach, recordOf(world, reach.record, reach.side ?? 'either', caller.home));
    case 'user': {
      const userId = caller.userId ?? otherUser(world, caller);
      return { reach, values: [{ field: reach.field, value: userId }], owners: [userId] };
    }
    case 'any-pharmacy':
      return { reach, values: [{ field: reach.field, value: caller.home }], owners: [] };
    default:
      return { reach, values: [], owners: [] };
  }
}

function foreignPlacements(reach: Reach, caller: Caller, world: World): Array<{ label: string; placement: Placement }> {
  switch (reach.kind) {
    case 'pharmacy':
      return [{ label: `other pharmacy's id in ${reach.in}`, placement: pharmacyPlacement(reach, caller.away, world) }];
    case 'record': {
      const side = reach.side ?? 'either';
      const foreign = [
        {
          label: `other pharmacy's ${reach.record} in ${reach.in}`,
          placement: recordPlacement(reach, recordOf(world, reach.record, side, caller.away)),
        },
      ];
      if (side !== 'either') {
        // The caller's own transfer, but they stand on the other side of it (approve is the source's to do).
        const wrongSide = side === 'source' ? 'destination' : 'source';
        const record = recordOf(world, 'transfer', wrongSide, caller.home);
        foreign.push({
          label: `own transfer, as its ${wrongSide}`,
          placement: recordPlacement(reach, { id: record.id, owners: [world.C] }),
        });
      }
      return foreign;
    }
    case 'user': {
      const userId = otherUser(world, caller);
      return [
        {
          label: `another user's id in ${reach.in}`,
          placement: { reach, values: [{ field: reach.field, value: userId }], owners: [userId] },
        },
      ];
    }
    case 'any-pharmacy':
      return [
        {
          label: `other pharmacy's id in ${reach.in} (shared on purpose)`,
          placement: { reach, values: [{ field: reach.field, value: caller.away }], owners: [] },
        },
      ];
    default:
      return [];
  }
}

/** The first field names `pharmacyId`; further ones (a transfer's other side) name C, which no pharmacist works at. */
function pharmacyPlacement(reach: Extract<Reach, { kind: 'pharmacy' }>, pharmacyId: string, world: World): Placement {
  const values = reach.fields.map((field, index) => ({ field, value: index === 0 ? pharmacyId : world.C }));
  return { reach, values, owners: values.map((v) => v.value) };
}

function recordPlacement(
  reach: Extract<Reach, { kind: 'record' }>,
  record: { id: string; owners: string[] },
): Placement {
  return { reach, values: [{ field: reach.field, value: record.id }], owners: record.owners };
}

/** A pharmacy's record of this kind, and the pharmacies a caller must work at (one of) to reach it. */
function recordOf(
  world: World,
  kind: RecordKind,
  side: TransferSide,
  pharmacyId: string,
): { id: string; owners: string[] } {
  const records = world.records[pharmacyId]!;
  if (kind !== 'transfer') return { id: records[kind], owners: [pharmacyId] };
  if (side === 'destination') return { id: records.transferIn, owners: [pharmacyId] };
  if (side === 'source') return { id: records.transferOut, owners: [pharmacyId] };
  return { id: records.transferOut, owners: [pharmacyId, world.C] };
}

function otherUser(world: World, caller: Caller): string {
  return world.callers.find((other) => other.userId && other.userId !== caller.userId)!.userId!;
}

/** The request of one cell: the route's sample with the case's ids put in their places. */
export function callFor(route: RouteEntry, caller: Caller, kase: Case, world: World): CallSpec {
  const sampleOf = samples[routeKey(route)];
  if (!sampleOf)
    throw new Error(`no sample request for ${routeKey(route)}: add one to test/e2e/authorization/samples.ts`);
  const placed = Object.fromEntries(kase.placements.flatMap((p) => p.values.map((v) => [v.field, v.value])));
  const sample: Sample = sampleOf(world, caller, placed);
  const parts: Record<Place, Record<string, unknown>> = {
    path: { ...sample.params },
    query: { ...sample.query },
    body: { ...sample.body },
  };
  for (const placement of kase.placements) {
    const place = 'in' in placement.reach ? placement.reach.in : null;
    for (const { field, value } of placement.values) parts[place!][field] = value;
  }
  const path = route.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = parts.path[name];
    if (typeof value !== 'string') throw new Error(`no value for :${name} of ${routeKey(route)}`);
    return encodeURIComponent(value);
  });
  const hasBody = sample.body !== undefined || kase.placements.some((p) => 'in' in p.reach && p.reach.in === 'body');
  return {
    method: route.method,
    path,
    query: parts.query as Record<string, string>,
    body: hasBody ? parts.body : undefined,
    headers: sample.headers ?? {},
    endsSession: sample.endsSession ?? false,
  };
}

/** One line of the reviewed policy table: `GET /api/sales/:id · signed-in · sale record (path id)`. */
export function policyLine(route: RouteEntry): string {
  const who = route.access.audience + (route.access.ownAccount ? ', own account' : '');
  const what = (route.reaches ?? []).map(describeReach).join(' + ') || 'UNDECLARED';
  return `${routeKey(route)} · ${who} · ${what}`;
}

function describeReach(reach: Reach): string {
  switch (reach.kind) {
    case 'pharmacy':
      return `pharmacy (${reach.in} ${reach.fields.join(' or ')})`;
    case 'record': {
      const which = reach.side && reach.side !== 'either' ? `${reach.record} ${reach.side}` : reach.record;
      return `${which} record (${reach.in} ${reach.field})${reach.managerOnly ? ', manager only' : ''}`;
    }
    case 'user':
      return `user (${reach.in} ${reach.field})`;
    case 'any-pharmacy':
      return `any pharmacy (${reach.in} ${reach.field})`;
    default:
      return reach.kind;
  }
}
