// `npm run bench -- report`: the owner's report for one year of a busy venue. The real
// app (embedded SQLite file, production settings) in this process, its history seeded straight
// into the database: 200,000 completed orders over 365 service dates (about 550 a day) with
// their lines (1 to 4 each, about 500,000), plus another venue's 40,000 orders that must not
// count. Figures: the server's own time (Fastify's reply.elapsedTime, from request to answer
// sent) for the year's JSON report and its CSV, and a month's report, read from migration
// 0005's daily rollup (sync-server/src/reports/queries.ts); p50 of 15 runs after 3 warm-ups.
// Before it, to show what the rollup buys: the same reports straight from the raw history,
// without and then with covering indexes (created in this bench database only), and what the
// rollup's triggers add to completing an order. The server reads only the rollup, so the raw
// reports are timed in this process: the tests' oracle (sync-server/test-support/report-oracle.ts)
// on the port's read connection, then the figures and their JSON or CSV as the server makes them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { calls } from '@comanda/shared-schema';
import { buildApp, loadConfig } from '@comanda/sync-server';
import { reportCsv } from '../../sync-server/src/reports/csv.ts';
import {
  DROP_ROLLUP_SQL,
  reportFromHistory,
  reportRollupSql,
} from '../../sync-server/test-support/report-oracle.ts';
import { sessionCookie } from '../support/guest-orders.ts';
import { percentile, report, round } from './report.ts';

const ORDERS = 200_000;
const OTHER_ORDERS = 40_000;
const FIRST_DATE = '2024-07-01';
const DAYS = 365;
const RUNS = 15;
const WARMUP = 3;
const GOAL_MS = 200;
const PASSWORD = 'bench-password';
/** The service date of COMANDA_FAKE_NOW below; only echoed in the answer. */
const TODAY = '2025-07-01';

/**
 * Covering indexes for the raw queries (every column they read, in the order they group by):
 * measured to show that indexes alone do not reach the goal on a year; the rollup does.
 */
const COVERING_INDEXES = [
  `CREATE INDEX bench_history_covering ON order_history (business_id, service_date, kind, payment_method,
     totale_pagato, totale_ordine, sconto, costo_consegna, service_fee, opened_at)`,
  `CREATE INDEX bench_lines_covering ON order_history_lines (business_id, service_date, dish_id, category_id,
     area, name, status, category_name, completed_at, amount, total)`,
];

/** Small deterministic PRNG (mulberry32): the same history on every run. */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

const AREAS = ['cucina', 'bar', 'fritti'] as const;
const CATEGORIES = ['Antipasti', 'Primi', 'Secondi', 'Pizze', 'Fritti', 'Bevande', 'Dolci'];

export type Sqlite = {
  prepare(sql: string): { run(...args: unknown[]): unknown; all(...args: unknown[]): unknown[] };
  transaction(fn: () => void): () => void;
  exec(sql: string): void;
};

/** `orders` completed orders of `businessId` over the year, with their lines. */
export function seedHistory(sqlite: Sqlite, businessId: string, orders: number, seed: number): number {
  const random = prng(seed);
  const dishes = Array.from({ length: 60 }, (_, i) => ({
    id: `dish-${i}`,
    name: `Piatto ${i}`,
    category: CATEGORIES[i % CATEGORIES.length] as string,
    area: AREAS[i % 3] as string,
    price: 300 + ((i * 137) % 1700),
  }));
  const history = sqlite.prepare(
    `INSERT INTO order_history (id, business_id, order_id, kind, payment_method, totale_ordine, costo_consegna,
       service_fee, sconto, totale_pagato, snapshot, opened_at, completed_at, service_date)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '{}', ?, ?, ?)`,
  );
  const line = sqlite.prepare(
    `INSERT INTO order_history_lines (id, history_id, business_id, completed_at, service_date, dish_id, name,
       category_id, category_name, area, price, amount, total, status)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  let lines = 0;
  sqlite.transaction(() => {
    for (let n = 0; n < orders; n++) {
      const day = Math.floor((n * DAYS) / orders);
      const serviceDate = addDays(FIRST_DATE, day);
      // Opened between 18:00 and 01:59 Rome (UTC+2 is close enough for seeding), completed 30-120 min later.
      const openedAt = Date.parse(`${serviceDate}T16:00:00Z`) + Math.floor(random() * 8 * 3_600_000);
      const completedAt = openedAt + (30 + Math.floor(random() * 90)) * 60_000;
      const r = random();
      const kind = r < 0.75 ? 'table' : r < 0.9 ? 'consegna' : 'ritiro';
      const method = kind !== 'table' && random() < 0.5 ? 'carta' : 'cassa';
      const id = `${businessId}-s${seed}-h${n}`;
      let totale = 0;
      const count = 1 + Math.floor(random() * 4);
      const rows: unknown[][] = [];
      for (let i = 0; i < count; i++) {
        const outOfMenu = random() < 0.01;
        const dish = dishes[Math.floor(random() * dishes.length)] as (typeof dishes)[number];
        const amount = 1 + Math.floor(random() * 3);
        const deleted = random() < 0.03;
        const total = deleted ? 0 : dish.price * amount;
        totale += total;
        rows.push([
          `${id}-l${i}`,
          id,
          businessId,
          completedAt,
          serviceDate,
          outOfMenu ? null : dish.id,
          outOfMenu ? 'Fuori menu speciale' : dish.name,
          outOfMenu ? 'out_menu' : `cat-${dish.category}`,
          outOfMenu ? 'Fuori menu' : dish.category,
          dish.area,
          dish.price,
          amount,
          total,
          deleted ? 'owner_deleted' : 'completed',
        ]);
      }
      const fee = kind === 'consegna' ? 250 : 0;
      const serviceFee = method === 'carta' ? Math.round((totale + fee) * 0.02) + 40 : 0;
      const sconto = random() < 0.1 ? Math.min(totale, 200) : 0;
      history.run(
        id,
        businessId,
        `${id}-o`,
        kind,
        method,
        totale,
        fee,
        serviceFee,
        sconto,
        totale + fee + serviceFee - sconto,
        openedAt,
        completedAt,
        serviceDate,
      );
      // The lines after their order (foreign key), in completion order as the app writes them.
      for (const row of rows) line.run(...row);
      lines += rows.length;
    }
  })();
  return lines;
}

export async function benchOwnerReport(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'comanda-bench-report-'));
  const config = loadConfig(
    {
      NODE_ENV: 'production',
      DATABASE_URL: `file:${join(dir, 'comanda.db')}`,
      MAIL_DIR: join(dir, 'mail'),
      LOG_LEVEL: 'silent',
      COMANDA_DEMO: '1',
      COMANDA_DEMO_PASSWORD: PASSWORD,
      COMANDA_FAKE_NOW: '2025-07-01T12:00:00+02:00',
      HOST: '127.0.0.1',
    },
    dir,
  );
  const app = await buildApp(config);
  const serverMs: number[] = [];
  app.addHook('onResponse', async (req, reply) => {
    if (req.url.startsWith('/api/report/')) serverMs.push(reply.elapsedTime);
  });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const sqlite = app.store.sqlite as unknown as Sqlite;
    const businessId = app.demo?.venueId ?? '';
    // Another venue (its own owner) whose history sits beside the demo's.
    sqlite
      .prepare(
        "INSERT INTO users (id, email, role, created_at) VALUES ('bench-other-user', 'other@bench.test', 'owner', 0)",
      )
      .run();
    sqlite
      .prepare(
        "INSERT INTO businesses (id, owner_user_id, name, created_at) VALUES ('bench-other', 'bench-other-user', 'Altro', 0)",
      )
      .run();
    // Seeded and first measured without migration 0005's rollup; it is made again below.
    sqlite.exec(DROP_ROLLUP_SQL);
    const seeded = performance.now();
    const lines =
      seedHistory(sqlite, businessId, ORDERS, 1) + seedHistory(sqlite, 'bench-other', OTHER_ORDERS, 2);
    sqlite.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    report({ bench: 'report', metric: 'seeded_history_lines', value: lines, unit: 'rows' });
    report({
      bench: 'report',
      metric: 'seed_time',
      value: round((performance.now() - seeded) / 1000, 1),
      unit: 's',
    });

    const login = await fetch(base + calls.ownerLogin.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@comanda.test', password: PASSWORD }),
    });
    if (!login.ok) throw new Error(`owner login failed: ${login.status}`);
    const cookie = sessionCookie(login);
    const year = { from: FIRST_DATE, to: addDays(FIRST_DATE, DAYS - 1) };
    const month = { from: '2025-03-01', to: '2025-03-31' };

    /** p50 of the server's time for one request. */
    const measure = async (send: () => Promise<Response>): Promise<number> => {
      serverMs.length = 0;
      for (let i = 0; i < WARMUP + RUNS; i++) {
        const res = await send();
        if (!res.ok) throw new Error(`report failed: ${res.status} ${(await res.text()).slice(0, 200)}`);
        await res.arrayBuffer();
      }
      return round(
        percentile(
          serverMs.slice(WARMUP).sort((a, b) => a - b),
          50,
        ),
      );
    };
    type Range = { from: string; to: string };
    const json = (range: Range) => () =>
      fetch(base + calls.reportOwnerGet.path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify(range),
      });
    const csv = (range: Range) => () =>
      fetch(`${base}${calls.reportOwnerCsv.path}?${new URLSearchParams(range)}`, { headers: { cookie } });

    type Timer = (range: Range, output: 'json' | 'csv') => Promise<number>;
    const viaServer: Timer = (range, output) => measure(output === 'csv' ? csv(range) : json(range));
    /** p50 of one report from the raw history, in this process (see the top of this file). */
    const fromHistory: Timer = async (range, output) => {
      const times: number[] = [];
      for (let i = 0; i < WARMUP + RUNS; i++) {
        const t0 = performance.now();
        const answer = await app.store.port.read((db) => reportFromHistory(db, businessId, range, TODAY));
        if (output === 'csv') reportCsv(answer, 'Bench');
        else JSON.stringify(answer);
        times.push(performance.now() - t0);
      }
      return round(
        percentile(
          times.slice(WARMUP).sort((a, b) => a - b),
          50,
        ),
      );
    };

    /** The answer must be the year's: every order seeded for the venue. */
    const checkYear = (orders: number) => {
      if (orders !== ORDERS) throw new Error(`the year has ${orders} orders, not ${ORDERS}`);
    };
    checkYear(
      (await app.store.port.read((db) => reportFromHistory(db, businessId, year, TODAY))).summary.orders,
    );

    const run = async (variant: string, time: Timer) => {
      const yearMs = await time(year, 'json');
      report({
        bench: 'report',
        metric: `year_server_p50${variant}`,
        value: yearMs,
        unit: 'ms',
        ...(variant === '' ? { budget: GOAL_MS, ok: yearMs < GOAL_MS } : {}),
      });
      report({
        bench: 'report',
        metric: `year_csv_server_p50${variant}`,
        value: await time(year, 'csv'),
        unit: 'ms',
      });
      report({
        bench: 'report',
        metric: `month_server_p50${variant}`,
        value: await time(month, 'json'),
        unit: 'ms',
      });
    };
    await run('_raw_history', fromHistory);
    for (const ddl of COVERING_INDEXES) sqlite.exec(ddl);
    await run('_covering_indexes', fromHistory);
    sqlite.exec('DROP INDEX bench_history_covering; DROP INDEX bench_lines_covering');

    // What completing an order costs the history writes, without and with the rollup's triggers.
    const writeCost = (seed: number) => {
      const t0 = performance.now();
      seedHistory(sqlite, 'bench-other', 2000, seed);
      return round(((performance.now() - t0) * 1000) / 2000, 0);
    };
    report({ bench: 'report', metric: 'history_write_per_order', value: writeCost(3), unit: 'us' });
    const filled = performance.now();
    sqlite.exec(reportRollupSql());
    report({
      bench: 'report',
      metric: 'rollup_backfill',
      value: round((performance.now() - filled) / 1000, 1),
      unit: 's',
    });
    report({
      bench: 'report',
      metric: 'history_write_per_order_with_rollup',
      value: writeCost(4),
      unit: 'us',
    });
    // As shipped: migration 0005's rollup, through the server.
    checkYear(((await (await json(year)()).json()) as { summary: { orders: number } }).summary.orders);
    await run('', viaServer);
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
