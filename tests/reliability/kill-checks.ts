import type { OrderSend } from './kill-customers.ts';
import { canonical } from './kill-snapshot.ts';
import { openStoreReader, type StoreLocation, type StoreReader } from './kill-store.ts';
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

type Get = StoreReader['get'];
type All = StoreReader['all'];

/**
 * Reads the store (the SQLite file read-only, or the PostgreSQL database, after the last stop)
 * and checks what the clients were told against what is stored: every acknowledged order once,
 * nothing from a refused one, no extra rows anywhere a double apply would leave them, every
 * tablet mutation judged once with the stored answer it was given, no slot over capacity, no
 * version gap, an intact store. The same checks and figures on both stores.
 */
export async function checkDatabase(
  store: StoreLocation,
  venue: Venue,
  sends: readonly OrderSend[],
  tablets: readonly Tablet[],
): Promise<{ figures: DatabaseFigures; problems: string[] }> {
  const db = await openStoreReader(store);
  try {
    const { get, all } = db;
    const problems: string[] = [];
    // Lines the owners added to deliveries (orderRoomCart) join the customers' delivery lines.
    const roomCartLines = acked(tablets, 'userOrderRoomCart').reduce(
      (sum, e) => sum + ((e.answer as { lines?: unknown[] }).lines?.length ?? 0),
      0,
    );
    const orders = await checkOrders(get, venue, sends, roomCartLines, problems);
    const owner = await checkOwnerRows(get, venue, tablets, problems);
    const mutations = await checkMutations(get, all, tablets, problems);
    const slotsOverCapacity = await overCapacity(all, venue, problems);
    const log = await changeLogGaps(get, all, venue.businessId, problems);
    const integrity = await db.integrity();
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
    await db.close();
  }
}

async function checkOrders(
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
    const stored = await get<{ n: number; status: number }>(
      'SELECT count(*) AS n, max(status) AS status FROM idempotency WHERE key = ?',
      s.key,
    );
    if (stored?.n !== 1 || stored.status !== s.status) {
      problems.push(`send ${s.key} answered ${s.status}, stored ${JSON.stringify(stored)}`);
    }
    if (s.status !== 200) {
      if (s.kind === 'delivery' && (await get('SELECT 1 FROM orders WHERE id = ?', s.body.deliveryId))) {
        problems.push(`delivery ${String(s.body.deliveryId)} refused (${s.code}) yet stored`);
      }
      continue;
    }
    let linesFound = 0;
    for (const id of s.lineIds) {
      const line = await get(
        `SELECT 1 FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE l.id = ? AND o.business_id = ? AND ${
          s.kind === 'table' ? 'o.kind = ? AND o.table_id = ?' : "o.kind <> 'table' AND o.id = ?"
        }`,
        id,
        venue.businessId,
        ...(s.kind === 'table' ? ['table', s.body.tableId] : [s.body.deliveryId]),
      );
      if (line) linesFound++;
    }
    const orderFound =
      s.kind === 'table' ||
      (await get("SELECT 1 FROM orders WHERE id = ? AND kind <> 'table'", s.body.deliveryId));
    if (linesFound === s.lineIds.length && s.lineIds.length > 0 && orderFound) ordersFound++;
    else
      problems.push(`acknowledged ${s.kind} send ${s.key}: ${linesFound}/${s.lineIds.length} lines stored`);
    if (s.kind === 'table') expectedTableLines += s.lineIds.length;
    else expectedDeliveryLines += s.lineIds.length;
  }
  const count = async (sql: string) => (await get<{ n: number }>(sql, venue.businessId))?.n ?? 0;
  const tableLines = await count(
    "SELECT count(*) AS n FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.business_id = ? AND o.kind = 'table' AND l.dish_id IS NOT NULL",
  );
  const deliveries = await count(
    "SELECT count(*) AS n FROM orders WHERE business_id = ? AND kind <> 'table'",
  );
  const deliveryLines = await count(
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
async function checkOwnerRows(get: Get, venue: Venue, tablets: readonly Tablet[], problems: string[]) {
  const count = async (sql: string) => (await get<{ n: number }>(sql, venue.businessId))?.n ?? 0;
  let duplicates = 0;
  const compare = (what: string, found: number, expected: number) => {
    if (found !== expected) problems.push(`${what}: ${found} stored, ${expected} acknowledged`);
    duplicates += Math.max(0, found - expected);
  };
  const outOfMenu = acked(tablets, 'dashboardTableOutOfMenuAdd');
  for (const e of outOfMenu) {
    if (!(await get('SELECT 1 FROM order_lines WHERE id = ?', e.body.id)))
      problems.push(`out-of-menu line ${String(e.body.id)} missing`);
  }
  compare(
    'out-of-menu lines',
    await count(
      'SELECT count(*) AS n FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.business_id = ? AND l.dish_id IS NULL',
    ),
    outOfMenu.length,
  );
  compare(
    'owner chat messages',
    await count("SELECT count(*) AS n FROM chat_messages WHERE business_id = ? AND sender = 'owner'"),
    acked(tablets, 'ownerChatSend').length,
  );
  // A toggle applied twice (or lost) shows in the flag's parity.
  const toggles = acked(tablets, 'ownerChatToggle').length;
  // A boolean on PostgreSQL, 0 or 1 on SQLite.
  const chat = Boolean(await count('SELECT chat_enabled AS n FROM businesses WHERE id = ?'));
  if (chat !== (venue.chatEnabledAtStart !== (toggles % 2 === 1))) {
    problems.push(
      `chat enabled ${chat} after ${toggles} acknowledged toggles from ${venue.chatEnabledAtStart}`,
    );
    duplicates++;
  }
  return { duplicates };
}

async function checkMutations(get: Get, all: All, tablets: readonly Tablet[], problems: string[]) {
  let mutationsSent = 0;
  let once = 0;
  for (const t of tablets) {
    const n = t.entries.length;
    mutationsSent += n;
    const last =
      (
        await get<{ n: number }>(
          'SELECT last_mutation_id AS n FROM client_mutations WHERE client_id = ?',
          t.clientId,
        )
      )?.n ?? 0;
    if (last !== n) problems.push(`tablet ${t.index}: last_mutation_id ${last}, ${n} sent`);
    // The body is text on SQLite and jsonb (parsed already) on PostgreSQL.
    const rows = await all<{ id: number; status: number; body: unknown }>(
      'SELECT mutation_id AS id, status, body FROM mutation_answers WHERE client_id = ? ORDER BY mutation_id',
      t.clientId,
    );
    const stored = new Map(
      rows.map((a) => [a.id, { ...a, body: typeof a.body === 'string' ? JSON.parse(a.body) : a.body }]),
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
          canonical(answer.body) === canonical(e.answer));
      if (e.status !== null && e.fresh <= 1 && sameAnswer) once++;
      else
        problems.push(
          `tablet ${t.index} mutation ${e.mutationId} (${e.name}): judged ${e.fresh} times fresh, ` +
            `answered ${e.status}, stored ${answer ? `${answer.status} ${canonical(answer.body).slice(0, 200)}` : 'none'}`,
        );
    }
  }
  return { mutationsSent, mutationsAppliedOrRefusedOnce: once };
}

/** Slots holding more orders than the capacity (the rule of store/deliveries.ts `occupying`). */
async function overCapacity(all: All, venue: Venue, problems: string[]): Promise<number> {
  const full = await all<{ slotDate: string; orario: string; n: number }>(
    `SELECT slot_date AS "slotDate", orario, count(*) AS n FROM orders o
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
async function changeLogGaps(get: Get, all: All, businessId: string, problems: string[]) {
  const b = await get<{ version: number; floor: number }>(
    'SELECT version, change_log_floor AS floor FROM businesses WHERE id = ?',
    businessId,
  );
  const version = b?.version ?? 0;
  const floor = b?.floor ?? 0;
  const have = new Set(
    (
      await all<{ v: number }>('SELECT DISTINCT version AS v FROM changes WHERE business_id = ?', businessId)
    ).map((r) => r.v),
  );
  let gaps = 0;
  for (let v = floor + 1; v <= version; v++) if (!have.has(v)) gaps++;
  const beyond = [...have].filter((v) => v <= floor || v > version);
  if (gaps > 0) problems.push(`change log: ${gaps} versions missing between ${floor} and ${version}`);
  if (beyond.length > 0)
    problems.push(`change log: versions outside (${floor}, ${version}]: ${beyond.slice(0, 10).join(', ')}`);
  return { gaps, version };
}
