import Database from 'better-sqlite3';
import type { OrderSend } from './kill-customers.ts';
import type { Entry, Tablet } from './kill-tablets.ts';
import type { Venue } from './kill-venue.ts';

/** Stored answers the server keeps per client id (sync-core ANSWERS_KEPT). */
const ANSWERS_KEPT = 1000;

export interface DatabaseFigures {
  ordersAcknowledged: number;
  ordersFound: number;
  ordersRefused: number;
  duplicatesFound: number;
  mutationsSent: number;
  mutationsAppliedOrRefusedOnce: number;
  slotsOverCapacity: number;
  changeLogGaps: number;
  integrity: string;
  version: number;
}

/** JSON with keys sorted: two answers are the same whatever order their keys were written in. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : v,
  );
}

type Get = <T>(sql: string, ...params: unknown[]) => T | undefined;
type All = <T>(sql: string, ...params: unknown[]) => T[];

/**
 * Reads the database file (read-only, after the last stop) and checks what the clients were
 * told against what is stored: every acknowledged order once, nothing from a refused one, no
 * extra rows anywhere a double apply would leave them, every tablet mutation judged once with the
 * stored answer it was given, no slot over capacity, no version gap, an intact file.
 */
export function checkDatabase(
  path: string,
  venue: Venue,
  sends: readonly OrderSend[],
  tablets: readonly Tablet[],
): { figures: DatabaseFigures; problems: string[] } {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const get: Get = (sql, ...p) => db.prepare(sql).get(...p) as never;
    const all: All = (sql, ...p) => db.prepare(sql).all(...p) as never;
    const problems: string[] = [];
    // Lines the owners added to deliveries (orderRoomCart) join the customers' delivery lines.
    const roomCartLines = acked(tablets, 'userOrderRoomCart').reduce(
      (sum, e) => sum + ((e.answer as { lines?: unknown[] }).lines?.length ?? 0),
      0,
    );
    const orders = checkOrders(get, venue, sends, roomCartLines, problems);
    const owner = checkOwnerRows(get, venue, tablets, problems);
    const mutations = checkMutations(get, all, tablets, problems);
    const slotsOverCapacity = overCapacity(all, venue, problems);
    const log = changeLogGaps(get, all, venue.businessId, problems);
    const integrity = (db.pragma('integrity_check', { simple: true }) as string) ?? 'no answer';
    if (integrity !== 'ok') problems.push(`integrity_check: ${integrity}`);
    return {
      figures: {
        ...orders,
        duplicatesFound: orders.duplicatesFound + owner.duplicates,
        ...mutations,
        slotsOverCapacity,
        changeLogGaps: log.gaps,
        integrity,
        version: log.version,
      },
      problems,
    };
  } finally {
    db.close();
  }
}

function checkOrders(
  get: Get,
  venue: Venue,
  sends: readonly OrderSend[],
  roomCartLines: number,
  problems: string[],
) {
  let ordersFound = 0;
  let expectedTableLines = 0;
  let expectedDeliveryLines = 0;
  const acked = sends.filter((s) => s.status === 200);
  for (const s of sends) {
    const stored = get<{ n: number; status: number }>(
      'SELECT count(*) AS n, max(status) AS status FROM idempotency WHERE key = ?',
      s.key,
    );
    if (stored?.n !== 1 || stored.status !== s.status) {
      problems.push(`send ${s.key} answered ${s.status}, stored ${JSON.stringify(stored)}`);
    }
    if (s.status !== 200) {
      if (s.kind === 'delivery' && get('SELECT 1 FROM orders WHERE id = ?', s.body.deliveryId)) {
        problems.push(`delivery ${String(s.body.deliveryId)} refused (${s.code}) yet stored`);
      }
      continue;
    }
    const linesFound = s.lineIds.filter((id) =>
      get(
        `SELECT 1 FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE l.id = ? AND o.business_id = ? AND ${
          s.kind === 'table' ? 'o.kind = ? AND o.table_id = ?' : "o.kind <> 'table' AND o.id = ?"
        }`,
        id,
        venue.businessId,
        ...(s.kind === 'table' ? ['table', s.body.tableId] : [s.body.deliveryId]),
      ),
    ).length;
    const orderFound =
      s.kind === 'table' || get("SELECT 1 FROM orders WHERE id = ? AND kind <> 'table'", s.body.deliveryId);
    if (linesFound === s.lineIds.length && s.lineIds.length > 0 && orderFound) ordersFound++;
    else
      problems.push(`acknowledged ${s.kind} send ${s.key}: ${linesFound}/${s.lineIds.length} lines stored`);
    if (s.kind === 'table') expectedTableLines += s.lineIds.length;
    else expectedDeliveryLines += s.lineIds.length;
  }
  const count = (sql: string) => get<{ n: number }>(sql, venue.businessId)?.n ?? 0;
  const tableLines = count(
    "SELECT count(*) AS n FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.business_id = ? AND o.kind = 'table' AND l.dish_id IS NOT NULL",
  );
  const deliveries = count("SELECT count(*) AS n FROM orders WHERE business_id = ? AND kind <> 'table'");
  const deliveryLines = count(
    "SELECT count(*) AS n FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.business_id = ? AND o.kind <> 'table' AND l.dish_id IS NOT NULL",
  );
  const ackedDeliveries = acked.filter((s) => s.kind === 'delivery').length;
  const excess = (what: string, found: number, expected: number) => {
    if (found !== expected) problems.push(`${what}: ${found} stored, ${expected} acknowledged`);
    return Math.max(0, found - expected);
  };
  return {
    ordersAcknowledged: acked.length,
    ordersFound,
    ordersRefused: sends.length - acked.length,
    duplicatesFound:
      excess('customer table lines', tableLines, expectedTableLines) +
      excess('deliveries', deliveries, ackedDeliveries) +
      excess('delivery lines', deliveryLines, expectedDeliveryLines + roomCartLines),
  };
}

const acked = (tablets: readonly Tablet[], name: string): Entry[] =>
  tablets.flatMap((t) => t.entries.filter((e) => e.name === name && e.status === 200));

/** Rows the owners' mutations create, each once per acknowledged mutation. */
function checkOwnerRows(get: Get, venue: Venue, tablets: readonly Tablet[], problems: string[]) {
  const count = (sql: string) => get<{ n: number }>(sql, venue.businessId)?.n ?? 0;
  let duplicates = 0;
  const compare = (what: string, found: number, expected: number) => {
    if (found !== expected) problems.push(`${what}: ${found} stored, ${expected} acknowledged`);
    duplicates += Math.max(0, found - expected);
  };
  const outOfMenu = acked(tablets, 'dashboardTableOutOfMenuAdd');
  for (const e of outOfMenu) {
    if (!get('SELECT 1 FROM order_lines WHERE id = ?', e.body.id))
      problems.push(`out-of-menu line ${String(e.body.id)} missing`);
  }
  compare(
    'out-of-menu lines',
    count(
      'SELECT count(*) AS n FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.business_id = ? AND l.dish_id IS NULL',
    ),
    outOfMenu.length,
  );
  compare(
    'owner chat messages',
    count("SELECT count(*) AS n FROM chat_messages WHERE business_id = ? AND sender = 'owner'"),
    acked(tablets, 'ownerChatSend').length,
  );
  // A toggle applied twice (or lost) shows in the flag's parity.
  const toggles = acked(tablets, 'ownerChatToggle').length;
  const chat = Boolean(count('SELECT chat_enabled AS n FROM businesses WHERE id = ?'));
  if (chat !== (venue.chatEnabledAtStart !== (toggles % 2 === 1))) {
    problems.push(
      `chat enabled ${chat} after ${toggles} acknowledged toggles from ${venue.chatEnabledAtStart}`,
    );
    duplicates++;
  }
  return { duplicates };
}

function checkMutations(get: Get, all: All, tablets: readonly Tablet[], problems: string[]) {
  let mutationsSent = 0;
  let once = 0;
  for (const t of tablets) {
    const n = t.entries.length;
    mutationsSent += n;
    const last =
      get<{ n: number }>('SELECT last_mutation_id AS n FROM client_mutations WHERE client_id = ?', t.clientId)
        ?.n ?? 0;
    if (last !== n) problems.push(`tablet ${t.index}: last_mutation_id ${last}, ${n} sent`);
    const stored = new Map(
      all<{ id: number; status: number; body: string }>(
        'SELECT mutation_id AS id, status, body FROM mutation_answers WHERE client_id = ? ORDER BY mutation_id',
        t.clientId,
      ).map((a) => [a.id, a]),
    );
    const kept = Math.min(n, ANSWERS_KEPT);
    if (stored.size !== kept)
      problems.push(`tablet ${t.index}: ${stored.size} stored answers, ${kept} expected`);
    for (const e of t.entries) {
      const answer = stored.get(e.mutationId);
      const forgotten = e.mutationId <= n - ANSWERS_KEPT;
      const sameAnswer =
        forgotten ||
        (answer !== undefined &&
          answer.status === e.status &&
          canonical(JSON.parse(answer.body)) === canonical(e.answer));
      if (e.status !== null && e.fresh <= 1 && sameAnswer) once++;
      else
        problems.push(
          `tablet ${t.index} mutation ${e.mutationId} (${e.name}): judged ${e.fresh} times fresh, ` +
            `answered ${e.status}, stored ${answer ? `${answer.status} ${answer.body.slice(0, 200)}` : 'none'}`,
        );
    }
  }
  return { mutationsSent, mutationsAppliedOrRefusedOnce: once };
}

/** Slots holding more orders than the capacity (the rule of store/deliveries.ts `occupying`). */
function overCapacity(all: All, venue: Venue, problems: string[]): number {
  const full = all<{ slotDate: string; orario: string; n: number }>(
    `SELECT slot_date AS slotDate, orario, count(*) AS n FROM orders o
     WHERE business_id = ? AND kind <> 'table'
       AND (closed_at IS NULL OR EXISTS (SELECT 1 FROM order_history h WHERE h.order_id = o.id))
     GROUP BY slot_date, orario HAVING count(*) > ?`,
    venue.businessId,
    venue.slotCapacity,
  );
  for (const s of full)
    problems.push(`slot ${s.slotDate} ${s.orario}: ${s.n} orders, capacity ${venue.slotCapacity}`);
  return full.length;
}

/** Versions missing from the kept change log (from the pruning floor to the business version). */
function changeLogGaps(get: Get, all: All, businessId: string, problems: string[]) {
  const b = get<{ version: number; floor: number }>(
    'SELECT version, change_log_floor AS floor FROM businesses WHERE id = ?',
    businessId,
  );
  const version = b?.version ?? 0;
  const floor = b?.floor ?? 0;
  const have = new Set(
    all<{ v: number }>('SELECT DISTINCT version AS v FROM changes WHERE business_id = ?', businessId).map(
      (r) => r.v,
    ),
  );
  let gaps = 0;
  for (let v = floor + 1; v <= version; v++) if (!have.has(v)) gaps++;
  const beyond = [...have].filter((v) => v <= floor || v > version);
  if (gaps > 0) problems.push(`change log: ${gaps} versions missing between ${floor} and ${version}`);
  if (beyond.length > 0)
    problems.push(`change log: versions outside (${floor}, ${version}]: ${beyond.slice(0, 10).join(', ')}`);
  return { gaps, version };
}

export type Row = { entity: string; entityId: string; data: unknown };
export interface Snapshot {
  version: number;
  rows: Row[];
}

async function getJson<T>(base: string, path: string, cookie: string): Promise<T> {
  const res = await fetch(base + path, { headers: { cookie } });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** `GET /api/sync/snapshot` as a device loads it first. */
export function loadSnapshot(base: string, cookie: string): Promise<Snapshot> {
  return getJson<Snapshot>(base, '/api/sync/snapshot', cookie);
}

/**
 * A device that loaded the snapshot `from` (before the loop) and then replays the change log
 * since (`GET /api/sync/changes`, paged) must end with exactly the rows of the snapshot now:
 * after the kills the log holds every change of every committed mutation and nothing of an
 * uncommitted one. Null when the log was pruned past `from` (the device would reload instead).
 */
export async function replayMatchesSnapshot(
  base: string,
  cookie: string,
  from: Snapshot,
): Promise<string[] | null> {
  const rows = new Map<string, unknown>(from.rows.map((r) => [`${r.entity}/${r.entityId}`, r.data]));
  let since = from.version;
  for (;;) {
    const page = await getJson<{
      reset: boolean;
      version: number;
      hasMore?: boolean;
      changes?: Array<Row & { version: number; op: 'put' | 'delete' }>;
    }>(base, `/api/sync/changes?since=${since}&limit=500`, cookie);
    if (page.reset) return null;
    for (const c of page.changes ?? []) {
      const key = `${c.entity}/${c.entityId}`;
      if (c.op === 'put') rows.set(key, c.data);
      else rows.delete(key);
    }
    since = page.version;
    if (!page.hasMore) break;
  }
  const snapshot = await loadSnapshot(base, cookie);
  const problems: string[] = [];
  if (snapshot.version !== since)
    problems.push(`snapshot at version ${snapshot.version}, changes up to ${since}`);
  const want = new Map(snapshot.rows.map((r) => [`${r.entity}/${r.entityId}`, r.data]));
  for (const [key, data] of want) {
    if (!rows.has(key)) problems.push(`replayed change log lacks ${key}`);
    else if (canonical(rows.get(key)) !== canonical(data)) {
      problems.push(
        `replayed ${key}: ${canonical(rows.get(key)).slice(0, 200)}; snapshot ${canonical(data).slice(0, 200)}`,
      );
    }
  }
  for (const key of rows.keys())
    if (!want.has(key)) problems.push(`replayed change log has ${key}, the snapshot not`);
  return problems;
}
