// The database's disk fills while customers order and the owner edits: every write fails with
// a clear 503 (the one envelope, UNAVAILABLE), reads keep working, nothing is half-written, and
// when space returns the same server (no restart) takes the retried writes exactly once.
import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { calls } from '@comanda/shared-schema';
import { buildApp, loadConfig } from '@comanda/sync-server';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/server.ts';
import {
  type Answer,
  answeredLines,
  Customer,
  demoCart,
  inspectDatabase,
  isUnavailable,
  OwnerClient,
  type PlannedOrder,
  problemsOf,
  seededRandom,
  send,
  sleep,
  startVenue,
  venueEnv,
} from './backup-kit.ts';
import { makeSmallDisk, type SmallDisk } from './disk-full-disk.ts';

const SEED = Number(process.env.COMANDA_SEED ?? 20_251_111);
const CUSTOMERS = 6;
const DISK_MB = 24;
/** Orders before the fill: the larger, the longer the WAL the full disk meets. */
const ORDERS_BEFORE = Number(process.env.COMANDA_DISK_ORDERS_BEFORE ?? 150);
/**
 * The WAL's bound under this load: the checkpoint worker empties it past about 4 MB (1000
 * frames), looking every 100 ms. Unbounded, it grew at tens of MB a second and filled this disk
 * by itself, and then the checkpoint could never get the space it needs to let it start over.
 */
const WAL_BOUND = 12 * 1024 * 1024;

/** The venue's server on the small disk: a process, or (max_page_count) this process. */
interface DiskServer {
  url: string;
  dbPath: string;
  output(): string;
  /** Makes the database's disk full; the filler's size in bytes. */
  fill(): number;
  free(): void;
  stop(): Promise<void>;
}

async function startOnDisk(disk: SmallDisk): Promise<DiskServer> {
  const dbPath = join(disk.dataDir, 'comanda.db');
  if (disk.kind !== 'max_page_count') {
    const server = await startVenue({ dataDir: disk.dataDir, keepData: true });
    return {
      url: server.url,
      dbPath,
      output: server.output,
      fill: disk.fill,
      free: disk.free,
      stop: () => server.stop(),
    };
  }
  // No disk to fill: the pragma is per connection, so the app runs here, not in a child.
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const config = loadConfig(
    {
      NODE_ENV: 'production',
      DATABASE_URL: `file:${dbPath}`,
      MAIL_DIR: join(disk.dataDir, 'mail'),
      LOG_LEVEL: 'silent',
      PUBLIC_URL: url,
      ...venueEnv,
    },
    disk.dataDir,
  );
  const app = await buildApp(config);
  await app.listen({ port, host: '127.0.0.1' });
  const sqlite = app.store.sqlite;
  return {
    url,
    dbPath,
    output: () => '(in-process server)',
    fill: () => {
      // No new page may be allocated from now on: SQLite answers SQLITE_FULL, as on a full disk.
      const pages = sqlite.pragma('page_count', { simple: true }) as number;
      sqlite.pragma(`max_page_count = ${pages}`);
      return 0;
    },
    free: () => {
      sqlite.pragma('max_page_count = 4294967294');
    },
    stop: () => app.close(),
  };
}

/** The WAL header's checkpoint sequence number: it grows each time the WAL starts over. */
function walCheckpointSeq(dbPath: string): number | null {
  const wal = `${dbPath}-wal`;
  if (!existsSync(wal) || statSync(wal).size < 32) return null;
  const fd = openSync(wal, 'r');
  try {
    const header = Buffer.alloc(32);
    readSync(fd, header, 0, 32, 0);
    return header.readUInt32BE(12);
  } finally {
    closeSync(fd);
  }
}

type Phase = 'before' | 'full' | 'after';

interface Seen {
  who: 'customer' | 'owner' | 'read';
  /** Phase when the request was sent, and when its answer came. */
  phase: Phase;
  sentAt: number;
  answeredAt: number;
  status: number;
  body: unknown;
}

describe('a full disk under the database', () => {
  let disk: SmallDisk | null = null;
  let server: DiskServer | null = null;

  afterAll(async () => {
    // Always: stop the server, then unmount (even when the test failed half-way).
    try {
      await server?.stop();
    } finally {
      disk?.cleanup();
    }
  });

  it('answers 503 UNAVAILABLE to writes, keeps reads, and recovers without a restart, exactly once', async () => {
    const random = seededRandom(SEED);
    disk = makeSmallDisk(DISK_MB);
    console.log(`disk-full (seed ${SEED}): ${disk.note}`);
    try {
      server = await startOnDisk(disk);
      const s = server;
      const owner = await OwnerClient.signIn(s.url);
      const tables = await owner.tableIds();
      const customers = await Promise.all(Array.from({ length: CUSTOMERS }, () => Customer.guest(s.url)));
      const cart = await demoCart(customers[0]!, owner.businessId);
      // A second tablet whose first mutation will be a body the server refuses.
      const tablet = await OwnerClient.signIn(s.url);

      let phase: Phase = 'before';
      let stopping = false;
      /** Set when retries never succeed: the loops give up instead of holding the test. */
      let abandoned = false;
      const seen: Seen[] = [];
      const acked: Array<{ order: PlannedOrder; answer: Answer }> = [];
      const ackedRooms: Array<{ name: string; mutationId: number; answer: Answer }> = [];
      const gapProbes: Array<{ failedId: number; answer: Answer }> = [];
      let orderNo = 0;
      const record = (who: Seen['who'], sent: { phase: Phase; at: number }, a: Answer) =>
        seen.push({
          who,
          phase: sent.phase,
          sentAt: sent.at,
          answeredAt: Date.now(),
          status: a.status,
          body: a.body,
        });
      const now = () => ({ phase, at: Date.now() });

      const customerLoop = async (c: Customer, i: number) => {
        while (!stopping) {
          const order: PlannedOrder = {
            key: `disk-${SEED}-${i}-${++orderNo}`,
            ownerId: owner.businessId,
            tableId: tables[Math.floor(random() * tables.length)]!,
            cart,
          };
          // The same key until it is acknowledged, as the PWA retries an order.
          for (;;) {
            const sent = now();
            const a = await c.order(order);
            record('customer', sent, a);
            if (a.status === 200) {
              acked.push({ order, answer: a });
              break;
            }
            if (a.status !== 503 || abandoned) return;
            await sleep(40);
          }
        }
      };
      const ownerLoop = async () => {
        let probed = false;
        while (!stopping) {
          const mutationId = owner.nextId;
          const name = `Disco ${mutationId}`;
          for (;;) {
            const sent = now();
            const a = await owner.addRoom(name, mutationId);
            record('owner', sent, a);
            if (a.status === 200) {
              ackedRooms.push({ name, mutationId, answer: a });
              owner.nextId += 1;
              break;
            }
            if (a.status !== 503 || abandoned) return;
            if (!probed && phase === 'full') {
              // The counter must not have moved: the next id is a gap, the failed one is expected.
              probed = true;
              gapProbes.push({ failedId: mutationId, answer: await owner.addRoom('Sonda', mutationId + 1) });
            }
            await sleep(40);
          }
        }
      };
      const loops = [...customers.map((c, i) => customerLoop(c, i)), ownerLoop()];

      const flowFrom = Date.now();
      while (acked.length < ORDERS_BEFORE || ackedRooms.length < 3) {
        if (Date.now() - flowFrom > 30_000)
          throw new Error(`orders do not flow before the disk fills\n${s.output()}`);
        await sleep(50);
      }
      const ackedBefore = acked.length;

      phase = 'full';
      const fillStartedAt = Date.now();
      const fillerBytes = s.fill();
      const fullSince = Date.now();
      const failures = (who: Seen['who']) => seen.filter((x) => x.who === who && x.status === 503).length;
      while (failures('customer') < 3 || failures('owner') < 1) {
        if (Date.now() - fullSince > 60_000)
          throw new Error(`the full disk never failed a write (${seen.length} answers)\n${s.output()}`);
        await sleep(50);
      }
      const failedAfterMs = Date.now() - fullSince;

      // Reads while full: the owner's catch-up and snapshot, a customer's menu, health.
      const readSent = now();
      const reads = [
        await owner.get(`${calls.changes.path}?since=0&limit=50`),
        await owner.get(calls.snapshot.path),
        await send(
          s.url + calls.userMenuGet.path,
          'POST',
          { businessId: owner.businessId },
          {
            cookie: customers[0]!.cookie,
          },
        ),
        await send(`${s.url}/api/health`, 'GET', undefined),
      ];
      for (const r of reads) record('read', readSent, r);
      expect(reads.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      // Writes outside the sync core fail the same way (a guest signing in writes a user and a
      // session); so does storing a refusal (a body that fails validation is stored as refused,
      // so the outbox moves on): 503, not 500, and the tablet's counter does not move.
      const signIn = await send(s.url + calls.userLogin.path, 'POST', { isAnonymus: true });
      const refusalWhileFull = await tablet.mutate(calls.roomsAdd.path, { name: 42 }, 1);
      expect(
        [isUnavailable(signIn), isUnavailable(refusalWhileFull)],
        JSON.stringify([signIn, refusalWhileFull]),
      ).toEqual([true, true]);
      // Nothing half-written while the disk is still full.
      expect(problemsOf(inspectDatabase(s.dbPath))).toEqual([]);
      const walWhileFull = existsSync(`${s.dbPath}-wal`) ? statSync(`${s.dbPath}-wal`).size : 0;
      const seqWhileFull = walCheckpointSeq(s.dbPath);
      expect(walWhileFull, 'the WAL stays bounded under load').toBeLessThan(WAL_BOUND);
      await sleep(300);

      phase = 'after';
      s.free();
      const freedAt = Date.now();
      const ackedAtFree = acked.length;
      const roomsAtFree = ackedRooms.length;
      while (acked.length < ackedAtFree + CUSTOMERS * 2 || ackedRooms.length < roomsAtFree + 2) {
        if (Date.now() - freedAt > 30_000) {
          const last = seen
            .slice(-12)
            .map((x) => `${x.who} ${x.phase} ${x.status} ${JSON.stringify(x.body).slice(0, 160)}`);
          throw new Error(
            `no recovery after freeing the disk; last answers:\n${last.join('\n')}\n${disk.describe()}\n${s.output().slice(-3000)}`,
          );
        }
        await sleep(50);
      }
      const recoveredMs = Date.now() - freedAt;
      stopping = true;
      const settled = await Promise.race([
        Promise.all(loops).then(() => true),
        sleep(30_000).then(() => false),
      ]);
      if (!settled) {
        abandoned = true;
        throw new Error(
          `retried writes still fail 30 s after recovery\n${disk.describe()}\n${s.output().slice(-3000)}`,
        );
      }

      // Every answer was 200, or the one 503 envelope: never a 500, never another shape; and a
      // 503 only while the disk was full (answered after the fill began, sent before the free).
      const describe = (x: Seen) => `${x.who} ${x.phase} ${x.status} ${JSON.stringify(x.body)}`;
      const odd = seen.filter(
        (x) => x.status !== 200 && !isUnavailable({ ...x, replayed: false, version: null }),
      );
      expect(odd.map(describe)).toEqual([]);
      const outside = seen.filter(
        (x) => x.status !== 200 && (x.answeredAt < fillStartedAt || x.sentAt > freedAt),
      );
      expect(outside.map(describe)).toEqual([]);
      // The failed owner mutation did not move the counter (the next id was a gap), and it was
      // applied later under the same id.
      expect(gapProbes.map((p) => [p.answer.status, (p.answer.body as { code?: string }).code])).toEqual([
        [409, 'MUTATION_GAP'],
      ]);
      const probe = gapProbes[0]!;
      expect((probe.answer.body as { expectedMutationId?: number }).expectedMutationId).toBe(probe.failedId);
      expect(ackedRooms.some((r) => r.mutationId === probe.failedId)).toBe(true);

      // Applied exactly once: each key acknowledged once, and sending it again replays the answer.
      expect(new Set(acked.map((a) => a.order.key)).size, 'each order acknowledged once').toBe(acked.length);
      for (const [i, c] of customers.entries()) {
        const mine = acked.filter((a) => a.order.key.startsWith(`disk-${SEED}-${i}-`));
        for (const { order, answer } of mine.slice(-3)) {
          const again = await c.order(order);
          expect(again.status).toBe(200);
          expect(again.replayed).toBe(true);
          expect(answeredLines(again)).toEqual(answeredLines(answer));
        }
      }
      // The refused body, sent again once there is space: refused and stored once, then replayed.
      const refused = await tablet.mutate(calls.roomsAdd.path, { name: 42 }, 1);
      const refusedAgain = await tablet.mutate(calls.roomsAdd.path, { name: 42 }, 1);
      expect([refused.status, refused.replayed, (refused.body as { code?: string }).code]).toEqual([
        400,
        false,
        'VALIDATION',
      ]);
      expect([refusedAgain.status, refusedAgain.replayed]).toEqual([400, true]);
      expect((await tablet.addRoom('Dopo il rifiuto', 2)).status).toBe(200);
      const lastRoom = ackedRooms.at(-1)!;
      const replay = await owner.addRoom(lastRoom.name, lastRoom.mutationId);
      expect([replay.status, replay.replayed]).toEqual([200, true]);

      const report = inspectDatabase(s.dbPath);
      expect(problemsOf(report)).toEqual([]);
      const lines = acked.flatMap((a) => answeredLines(a.answer));
      expect(report.lines, 'three lines per acknowledged order, no more').toBe(lines.length);
      for (const l of lines) expect(report.lineTotals.get(l.id), `line ${l.id}`).toBe(l.price * l.amount);
      expect(report.roomNames).toContain('Dopo il rifiuto');
      const names = report.roomNames.filter((n) => n.startsWith('Disco '));
      expect(names.sort()).toEqual(ackedRooms.map((r) => r.name).sort());
      expect(report.roomNames).not.toContain('Sonda');

      // The WAL starts over again once space is back (its header's checkpoint counter moves):
      // the checkpoint worker recovered without a restart too.
      let seqAfter = walCheckpointSeq(s.dbPath);
      if (disk.kind !== 'max_page_count' && seqWhileFull !== null) {
        const waitFrom = Date.now();
        while (seqAfter === null || seqAfter <= seqWhileFull) {
          if (Date.now() - waitFrom > 15_000)
            throw new Error(
              `the WAL never started over (${seqWhileFull} -> ${seqAfter})\n${s.output().slice(-3000)}`,
            );
          const a = await owner.addRoom(`Disco ${owner.nextId}`, owner.nextId);
          expect(a.status, `${disk.describe()}\n${s.output().slice(-2000)}`).toBe(200);
          owner.nextId += 1;
          await sleep(300);
          seqAfter = walCheckpointSeq(s.dbPath);
        }
      }
      console.log(
        JSON.stringify({
          test: 'disk-full',
          disk: disk.kind,
          fillerBytes,
          ackedBefore,
          ordersAcked: acked.length,
          roomsAcked: ackedRooms.length,
          customer503: failures('customer'),
          owner503: failures('owner'),
          firstFailureMs: failedAfterMs,
          recoveredMs,
          walBytesWhileFull: walWhileFull,
          walCheckpointSeq: [seqWhileFull, seqAfter],
        }),
      );
    } catch (err) {
      console.error(`disk-full failed with seed ${SEED} (COMANDA_SEED=${SEED} to replay)`);
      throw err;
    }
  });
});
