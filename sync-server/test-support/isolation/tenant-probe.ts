import { createHash } from 'node:crypto';
import { formatAmount } from '@comanda/shared-schema';
import type { FakeStripe } from '../fakes/stripe.ts';
import type { TestApp } from '../test-app.ts';
import type { VenueWorld } from '../two-venues.ts';

/**
 * What the isolation tests compare: a venue's every stored row (and its payments at the fake
 * Stripe), fingerprinted, and a probe that finds a venue's data in a response.
 */

/**
 * Tables that hold no venue's data, or only data scoped to the caller (Idempotency-Key answers);
 * store_meta holds facts about the database itself (its generation).
 */
const NOT_VENUE_DATA = new Set(['__drizzle_migrations', 'sqlite_sequence', 'idempotency', 'store_meta']);

/** Tables without a business_id column, and how a venue's rows are found in them. */
const SCOPED_BY: Record<string, string> = {
  businesses: 'id = $business',
  users: 'id = $owner',
  // With the guest sessions switched from the owner's (spec 1): a link to a victim's session shows.
  sessions: 'user_id = $owner OR return_session_id IN (SELECT id FROM sessions WHERE user_id = $owner)',
  email_tokens: 'user_id = $owner',
  handoff_tokens: 'user_id = $owner',
  // Mails to the venue's owner and to the customers who ordered from it.
  mail_outbox: `recipient IN (SELECT email FROM users WHERE id = $owner)
    OR recipient IN (SELECT email FROM orders WHERE business_id = $business)`,
  variants: 'dish_id IN (SELECT id FROM dishes WHERE business_id = $business)',
  variant_options: `variant_id IN (SELECT v.id FROM variants v JOIN dishes d ON d.id = v.dish_id
    WHERE d.business_id = $business)`,
  mutation_answers: `client_id IN (SELECT client_id FROM client_mutations
    WHERE business_id = $business OR user_id = $owner)`,
};

/**
 * Columns compared where not all are: the mail sender updates an outbox row's delivery state
 * (status, attempts, next turn, error) in the background as it sends; what a call can cause is
 * the mail queued, so that is compared.
 */
const COMPARED_COLUMNS: Record<string, string> = {
  mail_outbox: 'id, recipient, subject, text, html, kind, created_at',
};

/** Every row of a venue, table by table, in a stable order. Throws on a table it cannot place. */
export function venueRows(t: TestApp, venue: VenueWorld): Record<string, unknown[]> {
  const { sqlite } = t.app.store;
  const names = sqlite
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    .all() as Array<{ name: string }>;
  const params = { business: venue.owner.businessId, owner: venue.owner.userId };
  const rows: Record<string, unknown[]> = {};
  for (const { name } of names) {
    if (NOT_VENUE_DATA.has(name)) continue;
    const columns = (sqlite.prepare(`PRAGMA table_info("${name}")`).all() as Array<{ name: string }>).map(
      (c) => c.name,
    );
    const where = columns.includes('business_id')
      ? `business_id = $business${name === 'client_mutations' ? ' OR user_id = $owner' : ''}`
      : SCOPED_BY[name];
    // A new table must say how a venue's rows are found, or the isolation tests would miss it.
    if (!where) throw new Error(`tenant-probe: table '${name}' has no business_id and no rule`);
    // Sorted here: some tables (the report rollups) have no rowid to order by.
    const selected = COMPARED_COLUMNS[name] ?? '*';
    rows[name] = (sqlite.prepare(`SELECT ${selected} FROM "${name}" WHERE ${where}`).all(params) as unknown[])
      .map((row) => JSON.stringify(row))
      .sort();
  }
  return rows;
}

/** The venue's payments as the fake Stripe holds them. */
function stripeRows(fake: FakeStripe, venue: VenueWorld) {
  const intents = fake
    .intents()
    .filter((i) => i.account === venue.stripeAccount)
    .map((i) => ({ id: i.id, amount: i.amount, status: i.status, metadata: i.metadata }));
  const ids = new Set(intents.map((i) => i.id));
  const refunds = fake.refunds().filter((r) => ids.has(String(r.payment_intent)));
  return { intents, refunds };
}

export interface Fingerprint {
  hash: string;
  rows: Record<string, unknown>;
}

export function fingerprint(t: TestApp, fake: FakeStripe, venue: VenueWorld): Fingerprint {
  const rows: Record<string, unknown> = { ...venueRows(t, venue), stripe: stripeRows(fake, venue) };
  return { hash: createHash('sha256').update(JSON.stringify(rows)).digest('hex'), rows };
}

/** Which tables differ between two fingerprints (for a readable failure). */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  return Object.keys({ ...before.rows, ...after.rows }).filter(
    (k) => JSON.stringify(before.rows[k]) !== JSON.stringify(after.rows[k]),
  );
}

/** Number fields that are not money (counts, versions, positions): never read as an amount. */
const NOT_MONEY = new Set([
  'version',
  'number',
  'x',
  'y',
  'mutationId',
  'expectedMutationId',
  'position',
  'result',
  'orders',
  'quantity',
  'hour',
  'count',
  'callAgainInMs',
  'slotCapacity',
  'cucina',
  'bar',
  'fritti',
  'status',
]);

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Finds a victim venue's data in a response: its marker ('Zeta '), its e-mail addresses, any of
 * its ids that the request did not itself carry, and its distinctive amounts in any money field
 * (or, in a text answer such as the CSV, written as '123,77').
 */
export class LeakProbe {
  private readonly texts: RegExp;
  private readonly ids: RegExp;
  private readonly amounts: Set<number>;
  private readonly written: RegExp;

  constructor(
    readonly victim: VenueWorld,
    /** Victim ids the attacker legitimately holds too (TwoVenues.adopted). */
    private readonly adopted: ReadonlySet<string> = new Set(),
  ) {
    this.texts = new RegExp([victim.marker, ...victim.secrets].map(escapeRegExp).join('|'), 'g');
    const ids = [...new Set(Object.values(victim.ids).flat())].sort((x, y) => y.length - x.length);
    this.ids = new RegExp(ids.map(escapeRegExp).join('|'), 'g');
    this.amounts = new Set(victim.amounts);
    this.written = new RegExp(
      `(?<![\\d.,])(${victim.amounts.map((a) => escapeRegExp(formatAmount(a))).join('|')})(?![\\d])`,
    );
  }

  /** What of the victim's the response shows; `request` is everything the caller sent. */
  leaks(response: string, request: string): string[] {
    const found = new Set<string>();
    for (const m of response.matchAll(this.texts)) found.add(`text '${m[0]}'`);
    for (const m of response.matchAll(this.ids)) {
      if (!request.includes(m[0]) && !this.adopted.has(m[0])) found.add(`id ${m[0]}`);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(response);
    } catch {
      const m = this.written.exec(response);
      if (m) found.add(`amount '${m[1]}'`);
      return [...found];
    }
    this.walk(parsed, '', found);
    return [...found];
  }

  private walk(value: unknown, key: string, found: Set<string>): void {
    if (typeof value === 'number') {
      if (!NOT_MONEY.has(key) && this.amounts.has(value)) found.add(`amount ${key}=${value}`);
    } else if (Array.isArray(value)) {
      for (const v of value) this.walk(v, key, found);
    } else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) this.walk(v, k, found);
    }
  }
}
