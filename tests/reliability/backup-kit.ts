// Shared by the operations tests (full disk, online backup, graceful shutdown) and by
// tests/soak/ops.ts: the demo venue on a real server process, its owner and customers as plain
// HTTP clients speaking the sync protocol, and the checks that a database file is whole.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { calls, type MenuDish, SYNC_HEADERS } from '@comanda/shared-schema';
import Database from 'better-sqlite3';
import {
  LOAD_TOOL_ENV,
  type RunningServer,
  repoRoot,
  type StartOptions,
  startServer,
} from '../support/server.ts';

export const DEMO_EMAIL = 'demo@comanda.test';
export const DEMO_PASSWORD = 'ops-test-password';
/** Rome 20:00, inside the demo venue's 18:00-02:00: customers may order. */
export const OPEN_NOW = '2025-07-15T20:00:00+02:00';
/** The one text of a transient failure (sync-server/src/lib/messages.ts `unavailable`). */
export const UNAVAILABLE_TEXT = 'Servizio momentaneamente non disponibile, riprova';

/** Environment of a server with the demo venue, its clock inside opening hours, no PWA. */
export const venueEnv: Record<string, string> = {
  COMANDA_DEMO: '1',
  COMANDA_DEMO_PASSWORD: DEMO_PASSWORD,
  COMANDA_FAKE_NOW: OPEN_NOW,
  ...LOAD_TOOL_ENV,
  // API only: the shared pwa/dist may be rebuilt under us by another session.
  COMANDA_PWA_DIST: '/nonexistent/comanda-pwa-dist',
};

export function startVenue(options: StartOptions = {}): Promise<RunningServer> {
  return startServer({ ...options, env: { ...venueEnv, ...options.env } });
}

/** One HTTP exchange as a test sees it; `status` 0 when no answer came (connection refused, reset). */
export interface Answer {
  status: number;
  body: unknown;
  replayed: boolean;
  version: number | null;
  /** The network error when status is 0. */
  error?: string;
}

export async function send(
  url: string,
  method: 'GET' | 'POST',
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  try {
    const res = await fetch(url, {
      method,
      // Our own origin, as the PWA sends it (the CSRF guard refuses other origins).
      headers: {
        origin: new URL(url).origin,
        ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(method === 'POST' ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: kept as text for the assertion message
    }
    const version = res.headers.get(SYNC_HEADERS.version);
    return {
      status: res.status,
      body: parsed,
      replayed: res.headers.get(SYNC_HEADERS.replayed) === '1',
      version: version === null ? null : Number(version),
    };
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    return { status: 0, body: null, replayed: false, version: null, error: cause?.code ?? String(err) };
  }
}

/** The session cookie (`comanda_sid=...`) a login set (an owner's login sets a device cookie too). */
const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith('comanda_sid='))
    ?.split(';')[0] ?? '';

/** Is this the one error envelope with code UNAVAILABLE and its Italian text? */
export function isUnavailable(a: Answer): boolean {
  const b = a.body as { success?: unknown; code?: unknown; error?: unknown } | null;
  return a.status === 503 && b?.success === false && b.code === 'UNAVAILABLE' && b.error === UNAVAILABLE_TEXT;
}

/**
 * The demo owner as one device: a client id and mutation ids 1, 2, 3... A failed mutation is
 * retried with the same id (`send(id)`), as the PWA's outbox does.
 */
export class OwnerClient {
  readonly clientId = randomUUID();
  /** The id the next new mutation takes. */
  nextId = 1;
  /** The newest business version this device has seen (its catch-up cursor). */
  lastVersion = 0;

  private constructor(
    public url: string,
    public cookie: string,
    readonly businessId: string,
  ) {}

  static async signIn(url: string): Promise<OwnerClient> {
    const res = await fetch(url + calls.ownerLogin.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
    });
    if (!res.ok) throw new Error(`owner login failed: ${res.status} ${await res.text()}`);
    const answer = (await res.json()) as { businessId?: string };
    if (!answer.businessId) throw new Error('owner login answered no businessId');
    return new OwnerClient(url, cookieOf(res), answer.businessId);
  }

  /** Signs in again (a restored server with another session secret), keeping the client id. */
  async relogin(url: string): Promise<void> {
    const fresh = await OwnerClient.signIn(url);
    this.url = url;
    this.cookie = fresh.cookie;
  }

  mutate(path: string, body: unknown, mutationId: number): Promise<Answer> {
    return send(this.url + path, 'POST', body, {
      cookie: this.cookie,
      [SYNC_HEADERS.clientId]: this.clientId,
      [SYNC_HEADERS.mutationId]: String(mutationId),
    });
  }

  /** `roomsAdd` with the given id: a cheap mutation with one change-log row. */
  addRoom(name: string, mutationId: number): Promise<Answer> {
    return this.mutate(calls.roomsAdd.path, { name }, mutationId);
  }

  get(path: string): Promise<Answer> {
    return send(this.url + path, 'GET', undefined, { cookie: this.cookie });
  }

  async tableIds(): Promise<string[]> {
    const a = await this.get(calls.snapshot.path);
    if (a.status !== 200) throw new Error(`snapshot failed: ${a.status} ${JSON.stringify(a.body)}`);
    const rows = (a.body as { rows: Array<{ entity: string; entityId: string }> }).rows;
    return rows.filter((r) => r.entity === 'table').map((r) => r.entityId);
  }
}

/** A customer's phone: a guest session and its own Idempotency-Keys. */
export class Customer {
  private constructor(
    public url: string,
    public cookie: string,
  ) {}

  static async guest(url: string): Promise<Customer> {
    const res = await fetch(url + calls.userLogin.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({ isAnonymus: true }),
    });
    if (!res.ok) throw new Error(`guest login failed: ${res.status} ${await res.text()}`);
    return new Customer(url, cookieOf(res));
  }

  /** Sends (or re-sends, same key) one table order. */
  order(order: PlannedOrder): Promise<Answer> {
    return send(
      this.url + calls.userOrder.path,
      'POST',
      { cart: order.cart, tableId: order.tableId, ownerId: order.ownerId },
      { cookie: this.cookie, [SYNC_HEADERS.idempotencyKey]: order.key },
    );
  }
}

export interface PlannedOrder {
  key: string;
  ownerId: string;
  tableId: string;
  cart: unknown[];
}

/** Lines a successful order answer reports. */
export interface AnsweredLine {
  id: string;
  price: number;
  amount: number;
}

export function answeredLines(a: Answer): AnsweredLine[] {
  return ((a.body as { lines?: AnsweredLine[] } | null)?.lines ?? []).map(({ id, price, amount }) => ({
    id,
    price,
    amount,
  }));
}

/** Three lines as the PWA sends them: a dish with its mandatory choice made, two plain ones. */
export async function demoCart(customer: Customer, businessId: string): Promise<unknown[]> {
  const a = await send(
    customer.url + calls.userMenuGet.path,
    'POST',
    { businessId },
    { cookie: customer.cookie },
  );
  if (a.status !== 200) throw new Error(`menu failed: ${a.status} ${JSON.stringify(a.body)}`);
  const dishes = (a.body as { data: MenuDish[] }).data;
  const withChoice = dishes.find((d) => d.variants.some((v) => v.multi === 0));
  const plain = dishes.filter((d) => d.variants.length === 0).slice(0, 2);
  if (!withChoice || plain.length < 2) throw new Error('the demo menu lacks the dishes these tests order');
  return [withChoice, ...plain].map((dish, i) => ({
    ...dish,
    amount: i + 1,
    variants: dish.variants.map((v) => ({ ...v, selected: v.multi === 0 ? (v.options[0] ?? null) : [] })),
  }));
}

/** A small seeded generator (mulberry32): tests print their seed and replay it. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** What a database file holds and whether it is whole; every list must be empty. */
export interface DatabaseReport {
  integrity: string;
  foreignKeyViolations: number;
  migrationsApplied: number;
  migrationsKnown: number;
  orders: number;
  lines: number;
  /** Orders with no line, or whose line numbers are not 1..n. */
  brokenOrders: string[];
  /** Businesses whose kept change log is not every version from floor+1 to version. */
  changeLogGaps: string[];
  /** Lines (inside the kept log) without a change-log row, or whose latest row disagrees. */
  linesOffLog: string[];
  /** Sum of price x amount per order, in cents. */
  totals: Map<string, number>;
  /** Line id -> price x amount, for comparing with the answers clients got. */
  lineTotals: Map<string, number>;
  roomNames: string[];
}

export function migrationsKnown(): number {
  const journal = JSON.parse(
    readFileSync(join(repoRoot, 'sync-server', 'drizzle', 'meta', '_journal.json'), 'utf8'),
  ) as { entries: unknown[] };
  return journal.entries.length;
}

/**
 * Reads a database file (read-only; a live server may hold it) and checks it is whole:
 * integrity_check, foreign keys, every order with lines 1..n, the change log contiguous per
 * venue, and every line agreeing with its latest change-log row.
 */
export function inspectDatabase(path: string): DatabaseReport {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    const integrity = (db.pragma('integrity_check') as Array<{ integrity_check: string }>)
      .map((r) => r.integrity_check)
      .join('; ');
    const foreignKeyViolations = (db.pragma('foreign_key_check') as unknown[]).length;
    const read = db.transaction(() => {
      const migrationsApplied = (
        db.prepare('SELECT count(*) AS n FROM __drizzle_migrations').get() as { n: number }
      ).n;
      const orders = db.prepare('SELECT id FROM orders').all() as Array<{ id: string }>;
      const shape = db
        .prepare(
          `SELECT o.id AS id, count(l.id) AS n, coalesce(min(l.seq), 0) AS lo, coalesce(max(l.seq), 0) AS hi,
                  count(DISTINCT l.seq) AS distinctSeq, coalesce(sum(l.price * l.amount), 0) AS total
             FROM orders o LEFT JOIN order_lines l ON l.order_id = o.id GROUP BY o.id`,
        )
        .all() as Array<{
        id: string;
        n: number;
        lo: number;
        hi: number;
        distinctSeq: number;
        total: number;
      }>;
      const brokenOrders = shape
        .filter((o) => o.n === 0 || o.lo !== 1 || o.hi !== o.n || o.distinctSeq !== o.n)
        .map((o) => `${o.id}: ${o.n} lines, seq ${o.lo}..${o.hi}`);
      const totals = new Map(shape.map((o) => [o.id, o.total]));
      const businesses = db
        .prepare('SELECT id, version, change_log_floor AS floor FROM businesses')
        .all() as Array<{ id: string; version: number; floor: number }>;
      const changeLogGaps: string[] = [];
      const versionsOf = db.prepare(
        'SELECT count(DISTINCT version) AS n, min(version) AS lo, max(version) AS hi FROM changes WHERE business_id = ?',
      );
      for (const b of businesses) {
        const v = versionsOf.get(b.id) as { n: number; lo: number | null; hi: number | null };
        const expected = b.version - b.floor;
        const ok =
          expected === 0 ? v.n === 0 : v.n === expected && v.lo === b.floor + 1 && v.hi === b.version;
        if (!ok)
          changeLogGaps.push(
            `${b.id}: versions ${v.lo}..${v.hi} (${v.n}), expected ${b.floor + 1}..${b.version}`,
          );
      }
      const lines = db
        .prepare(
          `SELECT l.id AS id, l.order_id AS orderId, l.price AS price, l.amount AS amount,
                  l.created_version AS createdVersion, b.change_log_floor AS floor
             FROM order_lines l JOIN businesses b ON b.id = l.business_id`,
        )
        .all() as Array<{
        id: string;
        orderId: string;
        price: number;
        amount: number;
        createdVersion: number | null;
        floor: number;
      }>;
      // The latest change-log row of each line, in one pass (the log has no index by entity).
      const latest = new Map<string, string | null>();
      const lineChanges = db
        .prepare("SELECT entity_id AS id, data FROM changes WHERE entity = 'line' ORDER BY seq")
        .all() as Array<{ id: string; data: string | null }>;
      for (const c of lineChanges) latest.set(c.id, c.data);
      const linesOffLog: string[] = [];
      const lineTotals = new Map<string, number>();
      for (const l of lines) {
        lineTotals.set(l.id, l.price * l.amount);
        if (l.createdVersion === null || l.createdVersion <= l.floor) continue;
        const raw = latest.get(l.id);
        const data = raw ? (JSON.parse(raw) as { price?: number; amount?: number }) : null;
        if (!data || data.price !== l.price || data.amount !== l.amount) linesOffLog.push(l.id);
      }
      const roomNames = (db.prepare('SELECT name FROM rooms').all() as Array<{ name: string }>).map(
        (r) => r.name,
      );
      return {
        migrationsApplied,
        orders: orders.length,
        lines: lines.length,
        brokenOrders,
        changeLogGaps,
        linesOffLog,
        totals,
        lineTotals,
        roomNames,
      };
    });
    return { integrity, foreignKeyViolations, migrationsKnown: migrationsKnown(), ...read() };
  } finally {
    db.close();
  }
}

/** The parts of a report that must be empty or 'ok', for one readable assertion. */
export function problemsOf(report: DatabaseReport): string[] {
  const problems: string[] = [];
  if (report.integrity !== 'ok') problems.push(`integrity_check: ${report.integrity}`);
  if (report.foreignKeyViolations > 0) problems.push(`${report.foreignKeyViolations} foreign key violations`);
  if (report.migrationsApplied !== report.migrationsKnown)
    problems.push(`migrations ${report.migrationsApplied} of ${report.migrationsKnown}`);
  for (const o of report.brokenOrders) problems.push(`order not whole: ${o}`);
  for (const g of report.changeLogGaps) problems.push(`change log gap: ${g}`);
  for (const l of report.linesOffLog) problems.push(`line off the change log: ${l}`);
  return problems;
}
