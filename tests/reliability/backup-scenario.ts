// Online backup under load, shared by backup.test.ts (a few seconds) and tests/soak/ops.ts
// (minutes): customers order and the owner edits while `npm run backup` copies the live
// database; each copy is checked whole, and restored copies serve a client that carries on.

import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { calls, ENTRY_LINES_MAX, tf } from '@comanda/shared-schema';
import { type RunningServer, repoRoot } from '../support/server.ts';
import {
  type Answer,
  type AnsweredLine,
  answeredLines,
  Customer,
  type DatabaseReport,
  demoCart,
  inspectDatabase,
  OwnerClient,
  type PlannedOrder,
  problemsOf,
  seededRandom,
  sleep,
  startVenue,
} from './backup-kit.ts';

export interface BackupRunOptions {
  seed: number;
  customers: number;
  /** Backups taken, evenly spread over the run. */
  backups: number;
  durationMs: number;
  /** Restore every copy (soak) or only the last one (fast test). */
  restoreAll?: boolean;
  /** Pause of each customer between orders (0: as fast as the server answers). */
  paceMs?: number;
}

export interface BackupTaken {
  path: string;
  bytes: number;
  /** Wall time of `npm run backup`, process start to exit. */
  ms: number;
  /** The copy and its check, as the command reports them (no process start-up). */
  copyMs: number;
  stdout: string;
  exitCode: number | null;
  /** Order lines acknowledged before the backup started: all must be in the copy. */
  linesBefore: Set<string>;
  report: DatabaseReport;
  /** Copy lines that no client ever saw acknowledged (must be none). */
  unknownLines: string[];
  /** Lines acknowledged before the backup that the copy lacks (must be none). */
  missingLines: string[];
  problems: string[];
}

export interface RestoreOutcome {
  from: string;
  healthy: boolean;
  problemsBefore: string[];
  problemsAfter: string[];
  migrations: [applied: number, known: number];
  /** The owner's next mutation id was past the copy: the server asked for this one instead. */
  gapExpected: number | null;
  /** Statuses of: the renumbered owner mutation, a catch-up from the owner's newer version, a new customer order. */
  carriedOn: { mutation: number; changes: { status: number; reset: boolean }; order: number };
}

export interface BackupRunResult {
  seed: number;
  ordersAcked: number;
  roomsAcked: number;
  backups: BackupTaken[];
  restores: RestoreOutcome[];
  /** Answers other than 200 under load (must be none: a backup never blocks the server). */
  failures: string[];
}

/** `npm run backup -- <dest>` against the running server's database, as an operator runs it. */
function runBackupCli(
  dbPath: string,
  dest: string,
): Promise<{ stdout: string; exitCode: number | null; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '-s', 'backup', '--', dest], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: `file:${dbPath}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (b: Buffer) => {
      stdout += b.toString();
    });
    child.stderr.on('data', (b: Buffer) => {
      stdout += b.toString();
    });
    child.once('error', reject);
    child.once('exit', (exitCode) => resolve({ stdout, exitCode, ms: performance.now() - started }));
  });
}

/**
 * Starts a server on a copy, as the README's restore says: the copy becomes the data folder's
 * comanda.db (with the session secret beside it, so sessions survive), no -wal/-shm.
 */
async function restore(
  copy: string,
  secretFrom: string,
  owner: OwnerClient,
  customer: Customer,
  order: Omit<PlannedOrder, 'key'>,
): Promise<RestoreOutcome> {
  const dataDir = mkdtempSync(join(tmpdir(), 'comanda-restore-'));
  copyFileSync(copy, join(dataDir, 'comanda.db'));
  if (existsSync(join(secretFrom, 'session-secret')))
    copyFileSync(join(secretFrom, 'session-secret'), join(dataDir, 'session-secret'));
  const problemsBefore = problemsOf(inspectDatabase(join(dataDir, 'comanda.db')));
  let server: RunningServer | null = null;
  try {
    server = await startVenue({ dataDir, keepData: true });
    const url = server.url;
    const health = await fetch(`${url}/api/health`);
    // The same device carries on: its cookie is still good (same secret), but the copy does not
    // know its last mutations. Its next id is a gap; it renumbers from what the server expects,
    // as the PWA's outbox does.
    owner.url = url;
    customer.url = url;
    const lastVersionSeen = owner.lastVersion;
    const gap = await owner.addRoom(`Ripristino ${owner.nextId}`, owner.nextId);
    const expected =
      gap.status === 409 ? ((gap.body as { expectedMutationId?: number }).expectedMutationId ?? null) : null;
    let mutation: Answer = gap;
    if (expected !== null) {
      mutation = await owner.addRoom(`Ripristino ${expected}`, expected);
      owner.nextId = expected + 1;
    }
    const changes = await owner.get(`${calls.changes.path}?since=${lastVersionSeen}&limit=50`);
    const fresh = await customer.order({ ...order, key: `restore-${Date.now()}-${Math.random()}` });
    await server.stop();
    const report = inspectDatabase(join(dataDir, 'comanda.db'));
    return {
      from: copy,
      healthy: health.ok,
      problemsBefore,
      problemsAfter: problemsOf(report),
      migrations: [report.migrationsApplied, report.migrationsKnown],
      gapExpected: expected,
      carriedOn: {
        mutation: mutation.status,
        changes: {
          status: changes.status,
          reset: (changes.body as { reset?: boolean } | null)?.reset === true,
        },
        order: fresh.status,
      },
    };
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The refusal of an order to a table already holding the most lines an entry may hold. */
function tableFull(body: unknown): boolean {
  const error = (body as { error?: unknown } | null)?.error;
  return error === tf.tableTooManyLines(ENTRY_LINES_MAX);
}

export async function backupUnderLoad(options: BackupRunOptions): Promise<BackupRunResult> {
  const random = seededRandom(options.seed);
  const work = mkdtempSync(join(tmpdir(), 'comanda-backups-'));
  const server = await startVenue({ keepData: false });
  const dbPath = join(server.dataDir, 'comanda.db');
  try {
    const owner = await OwnerClient.signIn(server.url);
    const tables = await owner.tableIds();
    const customers = await Promise.all(
      Array.from({ length: options.customers }, () => Customer.guest(server.url)),
    );
    const cart = await demoCart(customers[0]!, owner.businessId);
    const ackedLines = new Map<string, AnsweredLine>();
    const failures: string[] = [];
    let orders = 0;
    let rooms = 0;
    let stopping = false;
    let orderNo = 0;

    // A table that reaches the line ceiling (shared-schema ENTRY_LINES_MAX) is
    // full, as in a real evening: customers go on at the other tables. The last table is kept
    // free for the order each restored copy takes (a fast machine can fill every other one).
    const spare = tables.at(-1);
    if (!spare || tables.length < 2) throw new Error('the demo venue needs two tables or more');
    const open = tables.slice(0, -1);
    const customerLoop = async (c: Customer, i: number) => {
      while (!stopping && open.length > 0) {
        const tableId = open[Math.floor(random() * open.length)]!;
        const order: PlannedOrder = {
          key: `backup-${options.seed}-${i}-${++orderNo}`,
          ownerId: owner.businessId,
          tableId,
          cart,
        };
        const a = await c.order(order);
        if (a.status === 409 && tableFull(a.body)) {
          if (open.includes(tableId)) open.splice(open.indexOf(tableId), 1);
          continue;
        }
        if (a.status !== 200) {
          failures.push(`order ${a.status} ${JSON.stringify(a.body).slice(0, 200)}`);
          return;
        }
        orders += 1;
        for (const line of answeredLines(a)) ackedLines.set(line.id, line);
        if (options.paceMs) await sleep(options.paceMs);
      }
    };
    const ownerLoop = async () => {
      while (!stopping) {
        const id = owner.nextId;
        const a = await owner.addRoom(`Sala ${id}`, id);
        if (a.status !== 200) {
          failures.push(`owner ${a.status} ${JSON.stringify(a.body).slice(0, 200)}`);
          return;
        }
        owner.nextId += 1;
        if (a.version !== null) owner.lastVersion = Math.max(owner.lastVersion, a.version);
        rooms += 1;
        await sleep(25);
      }
    };
    const loops = [...customers.map((c, i) => customerLoop(c, i)), ownerLoop()];

    const taken: Array<Omit<BackupTaken, 'report' | 'unknownLines' | 'missingLines' | 'problems'>> = [];
    const gap = options.durationMs / options.backups;
    try {
      for (let k = 1; k <= options.backups; k++) {
        await sleep(gap * (0.5 + random()));
        const linesBefore = new Set(ackedLines.keys());
        const dest = join(work, `backup-${k}.db`);
        const run = await runBackupCli(dbPath, dest);
        const size = /\((\d+) bytes/.exec(run.stdout);
        const copyMs = / in (\d+) ms;/.exec(run.stdout);
        taken.push({
          path: dest,
          bytes: size ? Number(size[1]) : 0,
          copyMs: copyMs ? Number(copyMs[1]) : 0,
          linesBefore,
          ...run,
        });
        if (run.exitCode !== 0) break;
      }
      // A few more owner mutations after the last copy: the device is ahead of every copy.
      const roomsAtEnd = rooms;
      const waitFrom = Date.now();
      while (rooms < roomsAtEnd + 2 && failures.length === 0 && Date.now() - waitFrom < 10_000)
        await sleep(20);
    } finally {
      stopping = true;
      await Promise.all(loops);
    }

    const backups: BackupTaken[] = taken.map((t) => {
      if (t.exitCode !== 0 || !existsSync(t.path)) {
        return { ...t, report: emptyReport(), unknownLines: [], missingLines: [], problems: ['no copy'] };
      }
      const report = inspectDatabase(t.path);
      const inCopy = [...report.lineTotals.keys()];
      return {
        ...t,
        report,
        unknownLines: inCopy.filter((id) => !ackedLines.has(id)),
        missingLines: [...t.linesBefore].filter((id) => !report.lineTotals.has(id)),
        problems: [
          ...problemsOf(report),
          ...inCopy
            .filter((id) => ackedLines.has(id))
            .filter((id) => {
              const l = ackedLines.get(id)!;
              return report.lineTotals.get(id) !== l.price * l.amount;
            })
            .map((id) => `line ${id}: total differs from its answer`),
        ],
      };
    });

    const restores: RestoreOutcome[] = [];
    const toRestore = options.restoreAll ? backups : backups.slice(-1);
    // Reads the owner's newest version before restoring: the copy is behind it.
    const latest = await owner.get(`${calls.changes.path}?since=${owner.lastVersion}&limit=1`);
    owner.lastVersion = Math.max(
      owner.lastVersion,
      (latest.body as { version?: number } | null)?.version ?? 0,
    );
    const liveUrl = server.url;
    const device = { nextId: owner.nextId, lastVersion: owner.lastVersion };
    for (const b of toRestore) {
      if (b.exitCode !== 0 || !existsSync(b.path)) continue;
      const customer = customers[0]!;
      // Each restore meets the device as it was at the end of the run.
      owner.nextId = device.nextId;
      owner.lastVersion = device.lastVersion;
      restores.push(
        await restore(b.path, server.dataDir, owner, customer, {
          ownerId: owner.businessId,
          tableId: spare,
          cart,
        }),
      );
      owner.url = liveUrl;
      customer.url = liveUrl;
    }
    return { seed: options.seed, ordersAcked: orders, roomsAcked: rooms, backups, restores, failures };
  } finally {
    await server.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

function emptyReport(): DatabaseReport {
  return {
    integrity: 'missing',
    foreignKeyViolations: 0,
    migrationsApplied: 0,
    migrationsKnown: 0,
    orders: 0,
    lines: 0,
    brokenOrders: [],
    changeLogGaps: [],
    linesOffLog: [],
    totals: new Map(),
    lineTotals: new Map(),
    roomNames: [],
  };
}
