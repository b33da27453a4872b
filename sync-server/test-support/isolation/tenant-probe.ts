import { createHash } from 'node:crypto';
import { formatAmount } from '@comanda/shared-schema';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FakeStripe } from '../fakes/stripe.ts';
import { columnNames, PG_ROWS_DIGEST, preparedRowOf, rowsOf, tableNames } from '../raw-sql.ts';
import type { TestApp } from '../test-app.ts';
import type { VenueWorld } from '../two-venues.ts';

/**
 * What the isolation tests compare: a venue's every stored row (and its payments at the fake
 * Stripe), fingerprinted, and a probe that finds a venue's data in a response.
 */

/**
 * Tables that hold no venue's data, or only data scoped to the caller (Idempotency-Key answers).
 * (`tableNames` already leaves out the migrator's and SQLite's own bookkeeping.)
 */
const NOT_VENUE_DATA = new Set([
  'idempotency',
  // PostgreSQL only (live/pg-bus.ts): the live bus's transport for messages too big for a NOTIFY,
  // written after a call has answered and pruned by the clock. Not stored venue data: what a live
  // message shows is judged on the frames the sockets hear (isolation/live.ts).
  'live_overflow',
  // PostgreSQL only (store/pg-quotas.ts): the request quotas every instance shares, kept in memory
  // on SQLite. Every caller's request counts there, refused or not; not venue data.
  'quota_windows',
  // The database's own generation (db/backup.ts): one row, no venue's.
  'store_meta',
]);

/** The venue a probe looks for: the venue and its owner. */
interface Scope {
  venue: string;
  owner: string;
}

/** Tables without a business_id column, and how a venue's rows are found in them. */
const SCOPED_BY: Record<string, (s: Scope) => SQL> = {
  businesses: (s) => sql`id = ${s.venue}`,
  users: (s) => sql`id = ${s.owner}`,
  // With the guest sessions switched from the owner's (spec 1): a link to a victim's session shows.
  sessions: (s) =>
    sql`user_id = ${s.owner} OR return_session_id IN (SELECT id FROM sessions WHERE user_id = ${s.owner})`,
  email_tokens: (s) => sql`user_id = ${s.owner}`,
  handoff_tokens: (s) => sql`user_id = ${s.owner}`,
  // Mails to the venue's owner and to the customers who ordered from it.
  mail_outbox: (s) => sql`recipient IN (SELECT email FROM users WHERE id = ${s.owner})
    OR recipient IN (SELECT email FROM orders WHERE business_id = ${s.venue})`,
  variants: (s) => sql`dish_id IN (SELECT id FROM dishes WHERE business_id = ${s.venue})`,
  variant_options: (s) => sql`variant_id IN (SELECT v.id FROM variants v JOIN dishes d ON d.id = v.dish_id
    WHERE d.business_id = ${s.venue})`,
  mutation_answers: (s) => sql`client_id IN (SELECT client_id FROM client_mutations
    WHERE business_id = ${s.venue} OR user_id = ${s.owner})`,
};

/**
 * Columns compared where not all are: the mail sender updates an outbox row's delivery state
 * (status, attempts, next turn, error) in the background as it sends; what a call can cause is
 * the mail queued, so that is compared.
 */
const COMPARED_COLUMNS: Record<string, string[]> = {
  mail_outbox: ['id', 'recipient', 'subject', 'text', 'html', 'kind', 'created_at'],
};

/** How a venue's rows of one table are read: the columns shown and the rows' condition. */
interface TableProbe {
  name: string;
  selected: SQL;
  where: (s: Scope) => SQL;
}

/** The probes of an app's tables, read once per app (the schema does not change under a test). */
const probes = new WeakMap<FastifyInstance, Promise<TableProbe[]>>();

async function probesOf(app: FastifyInstance): Promise<TableProbe[]> {
  const out: TableProbe[] = [];
  for (const name of await tableNames(app)) {
    if (NOT_VENUE_DATA.has(name)) continue;
    const columns = await columnNames(app, name);
    const where = columns.includes('business_id')
      ? name === 'client_mutations'
        ? (s: Scope) => sql`business_id = ${s.venue} OR user_id = ${s.owner}`
        : (s: Scope) => sql`business_id = ${s.venue}`
      : SCOPED_BY[name];
    // A new table must say how a venue's rows are found, or the isolation tests would miss it.
    if (!where) throw new Error(`tenant-probe: table '${name}' has no business_id and no rule`);
    const compared = COMPARED_COLUMNS[name];
    const selected = compared
      ? sql.join(
          compared.map((c) => sql.identifier(c)),
          sql`, `,
        )
      : sql`*`;
    out.push({ name, selected, where });
  }
  return out;
}

/** The probes of an app's tables (read at the first call). */
function probesFor(app: FastifyInstance): Promise<TableProbe[]> {
  let known = probes.get(app);
  if (!known) {
    known = probesOf(app);
    probes.set(app, known);
  }
  return known;
}

const scopeOf = (venue: VenueWorld): Scope => ({
  venue: venue.owner.venueId,
  owner: venue.owner.userId,
});

/** A table's rows of the venue. */
const scoped = ({ name, selected, where }: TableProbe, scope: Scope) =>
  sql`SELECT ${selected} FROM ${sql.identifier(name)} WHERE ${where(scope)}`;

/**
 * One value per table from one prepared statement, `value` made of the table's scoped rows `x`:
 * the isolation matrix reads the victim after each of its thousands of cases, and on PostgreSQL a
 * round trip per table, then planning the one wide statement each time, was most of the run.
 */
async function perTableOnPostgres<T>(
  app: FastifyInstance,
  known: readonly TableProbe[],
  scope: Scope,
  value: SQL,
): Promise<Array<readonly [string, T]>> {
  const columns = known.map(
    (probe) => sql`(SELECT ${value} FROM (${scoped(probe, scope)}) x) AS ${sql.identifier(probe.name)}`,
  );
  const row = await preparedRowOf<Record<string, T>>(app, sql`SELECT ${sql.join(columns, sql`, `)}`);
  if (!row) throw new Error('tenant-probe: the tables were not read');
  return known.map(({ name }) => [name, row[name] as T] as const);
}

/** Every row of a venue, table by table, in a stable order. Throws on a table it cannot place. */
export async function venueRows(t: TestApp, venue: VenueWorld): Promise<Record<string, unknown[]>> {
  const known = await probesFor(t.app);
  const scope = scopeOf(venue);
  let read: Array<readonly [string, unknown[]]>;
  if (t.app.store.dialect === 'postgres') {
    read = await perTableOnPostgres<unknown[]>(t.app, known, scope, sql`coalesce(json_agg(x), '[]'::json)`);
  } else {
    read = [];
    for (const probe of known) read.push([probe.name, await rowsOf<unknown>(t.app, scoped(probe, scope))]);
  }
  // Sorted here: some tables (the report rollups) have no rowid to order by.
  return Object.fromEntries(
    read.map(([name, rows]) => [name, rows.map((row) => JSON.stringify(row)).sort()] as const),
  );
}

/**
 * Per table, what a fingerprint compares: the venue's rows (SQLite, in the process), or on
 * PostgreSQL a digest of them made by the server (`PG_ROWS_DIGEST`), so that only the digests
 * travel.
 */
async function tableStates(t: TestApp, venue: VenueWorld): Promise<Record<string, unknown>> {
  if (t.app.store.dialect !== 'postgres') return await venueRows(t, venue);
  const digests = await perTableOnPostgres<string>(
    t.app,
    await probesFor(t.app),
    scopeOf(venue),
    PG_ROWS_DIGEST,
  );
  return Object.fromEntries(digests);
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

export async function fingerprint(t: TestApp, fake: FakeStripe, venue: VenueWorld): Promise<Fingerprint> {
  const rows: Record<string, unknown> = { ...(await tableStates(t, venue)), stripe: stripeRows(fake, venue) };
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
