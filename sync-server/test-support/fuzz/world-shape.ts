import type { MenuDish, TableOrder } from '@comanda/shared-schema';
import type { FastifyInstance } from 'fastify';
import type { FakeStripe } from '../fakes/stripe.ts';
import type { TestApp } from '../test-app.ts';
import type { GenContext } from './arbitraries.ts';

/**
 * The shape of the fuzzers' world (made by world.ts): on a file of its own so that the world's
 * data (world-data.ts) and its generator context (gen-context.ts), which world.ts builds on,
 * can name it without importing world.ts back.
 */

export type Who = 'owner' | 'customer' | 'none';

export interface Pools {
  venue: string[];
  table: string[];
  room: string[];
  category: string[];
  dish: string[];
  variant: string[];
  option: string[];
  order: string[];
  delivery: string[];
  line: string[];
  chat: string[];
  user: string[];
  intent: string[];
  history: string[];
}

export interface World {
  t: TestApp;
  app: FastifyInstance;
  fake: FakeStripe;
  venueId: string;
  ownerUserId: string;
  guestUserId: string;
  strangerVenueId: string;
  strangerTableId: string;
  pools: Pools;
  /** The customer's menu, for carts of real dishes. */
  menu: MenuDish[];
  /** Open dashboard entries as the owner reads them. */
  entries: TableOrder[];
  /** The venue's delivery fee now (a body's `costoConsegna` must match it). */
  fee: number;
  /** Cookie header of a fresh session (none: undefined). */
  cookie(who: Who): string | undefined;
  /** Generator context over the current pools, for one route (`id` means its entity's id). */
  genFor(path: string): GenContext;
  /** New sessions for the owner and the customer (after a logout, say). */
  remint(): Promise<void>;
  /** Fresh sessions, the venue's switches back on, orders and menu topped up, pools re-read. */
  refresh(): Promise<void>;
  /** Hash of every table but the excluded ones. */
  fingerprint(): Promise<string>;
  /** Per table, a hash of its rows (every table but the excluded ones): compare two to see which changed. */
  tableHashes(): Promise<Record<string, string>>;
  close(): Promise<void>;
}
