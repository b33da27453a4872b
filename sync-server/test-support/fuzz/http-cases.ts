import { type CallDef, SYNC_HEADERS } from '@comanda/shared-schema';
import fc from 'fast-check';
import { validArbitrary } from './arbitraries.ts';
import { type Mutation, mutationArbitrary, sometimes } from './mutations.ts';
import type { Who, World } from './world-shape.ts';

/** What one HTTP fuzz case is made of: caller, body, mutation, sync mode, bad header, detour. */

/** Who calls: mostly the caller the route is for, sometimes someone else or nobody. */
export function whoFor(def: CallDef): fc.Arbitrary<Who> {
  const main: Who = def.access === 'owner' ? 'owner' : def.access === 'user' ? 'customer' : 'none';
  const others = (['owner', 'customer', 'none'] as const).filter((w) => w !== main);
  return fc.oneof(
    { weight: 6, arbitrary: fc.constant(main) },
    { weight: 1, arbitrary: fc.constantFrom(...others) },
  );
}

export interface Case {
  who: Who;
  body: unknown;
  mutation: Mutation | null;
  sync: 'plain' | 'client' | 'idempotent';
  key: string;
  /** Index in BAD_HEADERS, or null. */
  badHeader: number | null;
  /** Index in DETOURS (another method or a mangled path for the route), or null. */
  detour: number | null;
}

/** Wrong methods and path spellings: a 404 or 405 envelope, never a handler run by mistake. */
export const DETOURS = [
  'PUT',
  'DELETE',
  'PATCH',
  'swap',
  'trailing-slash',
  'double-slash',
  'encoded',
  'case',
] as const;

/**
 * Bad sync and session headers ('$next' / '$replay' / '$gap': relative to the device's last
 * mutation id): the sync core and the session lookup must refuse them cleanly too.
 */
export const BAD_HEADERS: Array<[string, string]> = [
  [SYNC_HEADERS.mutationId, '0'],
  [SYNC_HEADERS.mutationId, '-1'],
  [SYNC_HEADERS.mutationId, '1e999'],
  [SYNC_HEADERS.mutationId, 'abc'],
  [SYNC_HEADERS.mutationId, '1.5'],
  [SYNC_HEADERS.mutationId, '9007199254740993'],
  [SYNC_HEADERS.mutationId, '$gap'],
  [SYNC_HEADERS.mutationId, '$replay'],
  [SYNC_HEADERS.clientId, 'not-a-uuid'],
  [SYNC_HEADERS.clientId, ''],
  [SYNC_HEADERS.idempotencyKey, 'short'],
  [SYNC_HEADERS.idempotencyKey, 'k'.repeat(200)],
  [SYNC_HEADERS.socketId, 's'.repeat(2000)],
  ['cookie', `comanda_sid=${'x'.repeat(300)}`],
  ['cookie', 'comanda_sid=%E0%A4%A; comanda_sid=y'],
  ['cookie', 'comanda_sid='],
  ['origin', 'https://evil.example'],
  ['sec-fetch-site', 'cross-site'],
  ['content-length', '0'],
  ['accept', 'text/html'],
];

export function caseArbitrary(def: CallDef, world: World): fc.Arbitrary<Case> {
  return fc.record({
    who: whoFor(def),
    body: validArbitrary(def.body, world.genFor(def.path)),
    mutation: sometimes(mutationArbitrary, 70),
    sync: fc.constantFrom('plain', 'client', 'idempotent'),
    key: fc.uuid(),
    badHeader: sometimes(fc.nat(BAD_HEADERS.length - 1), 10),
    detour: sometimes(fc.nat(DETOURS.length - 1), 4),
  });
}

let address = 0;
/** Each request from its own address, so rate limits do not hide what validation answers. */
export function nextAddress(): string {
  address++;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
}

export const shorten = (payload: string | Buffer | null): string => {
  if (payload === null) return '(no body)';
  const text = typeof payload === 'string' ? payload : `<bytes ${payload.toString('hex').slice(0, 80)}>`;
  return text.length > 300 ? `${text.slice(0, 300)}... (${text.length} chars)` : text;
};
