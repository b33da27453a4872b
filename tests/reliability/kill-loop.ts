/**
 * The kill loop ("Faults"), shared by the fast test (kill-loop.test.ts, in `npm test`)
 * and the soak (tests/soak/kill-loop.ts): the real server process on the demo venue, customer
 * phones sending table and delivery orders (Idempotency-Key, client deliveryId, the same bytes on
 * every retry, as the PWA sends them) and tablets pushing outboxes of owner mutations
 * (`POST /api/sync/push`, one client id each), while a seeded loop SIGKILLs the server at kill
 * points spread over the work (each a random moment after a share of the answers came back, so
 * requests are in flight) and starts it again on the same database and port. Every client
 * resends what got no answer, or a 503, until answered. Then the store (the SQLite file, or the
 * PostgreSQL database with `databaseUrl`) is read and every answer the clients were given is
 * checked against it (kill-checks.ts).
 *
 * Replaying a run: the seed fixes the orders, the mutations, their ids and the kill points'
 * shares and delays; real I/O still interleaves them differently, so a failing seed replays the
 * same scenario, not the same schedule.
 */
import { Rng } from '../sync/mutations.ts';
import { checkDatabase, type DatabaseFigures } from './kill-checks.ts';
import { type ClientContext, type Knowledge, type OrderSend, runCustomer } from './kill-customers.ts';
import { fixedUpstream, newSeen, type Seen, sleep } from './kill-http.ts';
import { ServerLife } from './kill-server.ts';
import { loadSnapshot, replayMatchesSnapshot } from './kill-snapshot.ts';
import { Tablet } from './kill-tablets.ts';
import { guestSession, ownerSession, prepareVenue } from './kill-venue.ts';

export interface KillLoopOptions {
  seed: number;
  customers: number;
  sendsPerCustomer: number;
  tablets: number;
  mutationsPerTablet: number;
  killPoints: number;
  slotCapacity: number;
  /** Share of client tries abandoned after a few milliseconds (default 0.04). */
  abandonRate?: number;
  /** Longest pause between reaching a kill point and the kill (default 150 ms). */
  killJitterMs?: number;
  /** Clients give up (and the run fails) after this long. */
  deadlineMs: number;
  /** A migrated PostgreSQL database to run on (hosted); unset: a SQLite file in a temp folder. */
  databaseUrl?: string;
  log?: (line: string) => void;
}

export interface KillLoopResult extends DatabaseFigures {
  seed: number;
  killPoints: number;
  /** Server processes started (the first, and one after each kill). */
  starts: number;
  requests: number;
  /** Requests that got no answer (cut by a kill, or sent while the server was down). */
  noAnswer: number;
  unavailable: number;
  /** 5xx answers other than 503. */
  serverErrors: number;
  /**
   * Orders and mutations applied by a try whose answer a kill cut off, then answered from
   * storage on a later try: the case the loop is about.
   */
  ordersAnsweredFromStorage: number;
  mutationsAnsweredFromStorage: number;
  /** The change log since the first snapshot was replayed onto it and compared (not pruned). */
  changeLogReplayed: boolean;
  mutationsApplied: number;
  /** Refusals of the tablets' mutations by code (judged, stored, never blocking what follows). */
  mutationRefusals: Record<string, number>;
  durationMs: number;
  /** Everything that does not hold; empty when the run passed. */
  problems: string[];
}

/** Owner sessions to sign in: the login limit is 10 a minute per address and e-mail. */
export const OWNER_SESSIONS_MAX = 10;

export async function inBatches<T>(n: number, size: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < n; i += size) {
    out.push(...(await Promise.all(Array.from({ length: Math.min(size, n - i) }, (_, j) => make(i + j)))));
  }
  return out;
}

export function refusalsByCode(tablets: readonly Tablet[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const e of tablets.flatMap((t) => t.entries)) {
    if (e.status !== 200) out[`${e.name}:${e.code}`] = (out[`${e.name}:${e.code}`] ?? 0) + 1;
  }
  return out;
}

/**
 * What the clients themselves saw go wrong: a tablet's own findings, 5xx answers other than 503,
 * an order refused for anything but a full slot.
 */
export function clientProblems(
  seen: Seen,
  sends: readonly OrderSend[],
  tablets: readonly Tablet[],
): string[] {
  const problems: string[] = [];
  for (const t of tablets) problems.push(...t.problems.map((p) => `tablet ${t.index}: ${p}`));
  problems.push(...seen.serverErrors);
  const unexpected = sends.filter((s) => s.status !== 200 && s.code !== 'SLOT_TAKEN');
  for (const s of unexpected.slice(0, 10)) {
    problems.push(`${s.kind} send refused ${s.status} ${JSON.stringify(s.answer).slice(0, 200)}`);
  }
  return problems;
}

export async function runKillLoop(opts: KillLoopOptions): Promise<KillLoopResult> {
  const log = opts.log ?? (() => undefined);
  const started = performance.now();
  const rng = new Rng(opts.seed);
  const stream = (salt: number) => new Rng((opts.seed + 7919 * salt) >>> 0);
  const life = await ServerLife.start({ databaseUrl: opts.databaseUrl });
  let running = true;
  let stopped = false;
  try {
    const base = life.url;
    const ownerCookies = await inBatches(Math.min(opts.tablets, OWNER_SESSIONS_MAX), 5, () =>
      ownerSession(base),
    );
    const venue = await prepareVenue(base, ownerCookies[0] ?? '', opts.slotCapacity);
    const guests = await inBatches(opts.customers, 10, () => guestSession(base));
    const before = await loadSnapshot(base, ownerCookies[0] ?? '');
    log(
      `kill loop seed ${opts.seed}: server pid ${life.pid}, ${venue.tableIds.length} tables, ${venue.dishes.length} dishes`,
    );

    const seen = newSeen();
    const knowledge: Knowledge = { customerLines: [], deliveries: [] };
    let answered = 0;
    const deadline = setTimeout(() => {
      stopped = true;
    }, opts.deadlineMs);
    const ctx: ClientContext = {
      venue,
      seen,
      knowledge,
      progress: () => {
        answered++;
      },
      stopped: () => stopped,
      abandonRate: opts.abandonRate ?? 0.04,
    };
    const total = opts.customers * opts.sendsPerCustomer + opts.tablets * opts.mutationsPerTablet;
    const sends: OrderSend[] = [];
    const tablets = Array.from(
      { length: opts.tablets },
      (_, i) =>
        new Tablet(
          i + 1,
          stream(1000 + i).uuid(),
          ownerCookies[i % ownerCookies.length] ?? '',
          ctx,
          stream(2000 + i),
          stream(3000 + i),
          fixedUpstream(base),
        ),
    );
    const clients = Promise.all([
      ...guests.map((cookie, i) =>
        runCustomer(
          ctx,
          i + 1,
          cookie,
          opts.sendsPerCustomer,
          stream(4000 + i),
          stream(5000 + i),
          sends,
          fixedUpstream(base),
        ),
      ),
      ...tablets.map((t) => t.run(opts.mutationsPerTablet)),
    ]).finally(() => {
      running = false;
    });

    // The killer: kill point k waits for k/(K+1) of the answers, then a random pause, then SIGKILL.
    let kills = 0;
    const killer = (async () => {
      for (let k = 1; k <= opts.killPoints; k++) {
        const share = k / (opts.killPoints + 1);
        while (running && !stopped && answered < total * share) await sleep(5);
        if (!running || stopped) return;
        await sleep(rng.int(opts.killJitterMs ?? 150));
        await life.kill();
        kills++;
        const down = rng.int(300);
        log(`kill ${k}/${opts.killPoints} at ${answered}/${total} answers; down ${down} ms`);
        await sleep(down);
        await life.restart();
      }
    })();
    await Promise.all([clients, killer]);
    clearTimeout(deadline);

    const problems: string[] = [];
    if (stopped) problems.push(`deadline of ${opts.deadlineMs} ms passed with ${answered}/${total} answers`);
    problems.push(...clientProblems(seen, sends, tablets));
    // Every judged mutation sent again gets its stored answer and changes nothing.
    const versionBefore = (await loadSnapshot(base, ownerCookies[0] ?? '')).version;
    for (const t of tablets) problems.push(...(await t.replayJudged(50)));
    const versionAfter = (await loadSnapshot(base, ownerCookies[0] ?? '')).version;
    if (versionAfter !== versionBefore)
      problems.push(`replays moved the version ${versionBefore} -> ${versionAfter}`);
    // A device that loaded the snapshot before the loop and replays the change log since ends
    // where the snapshot is now.
    const replay = await replayMatchesSnapshot(base, ownerCookies[0] ?? '', before);
    problems.push(...(replay ?? []));

    await life.stop();
    const checked = await checkDatabase(life.store, venue, sends, tablets);
    problems.push(...checked.problems);
    return {
      ...checked.figures,
      seed: opts.seed,
      killPoints: kills,
      starts: life.starts,
      requests: seen.requests,
      noAnswer: seen.noAnswer,
      unavailable: seen.unavailable,
      serverErrors: seen.serverErrors.length,
      ordersAnsweredFromStorage: sends.filter((s) => s.replayed).length,
      mutationsAnsweredFromStorage: tablets.reduce(
        (n, t) => n + t.entries.filter((e) => e.fresh === 0 && e.replays > 0).length,
        0,
      ),
      changeLogReplayed: replay !== null,
      mutationsApplied: tablets.reduce((n, t) => n + t.entries.filter((e) => e.status === 200).length, 0),
      mutationRefusals: refusalsByCode(tablets),
      durationMs: Math.round(performance.now() - started),
      problems,
    };
  } catch (err) {
    const tail = life.output().slice(-2000);
    throw new Error(`kill loop seed ${opts.seed}: ${String(err)}\nserver output:\n${tail}`);
  } finally {
    running = false;
    stopped = true;
    await life.kill().catch(() => undefined);
    life.remove();
  }
}
