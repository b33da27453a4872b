/**
 * The multi-instance fault run (DESIGN.md "Where it runs", Hosted; "Testing"): two real server
 * processes, A and B, on one PostgreSQL database, as a load balancer spreads a venue over them.
 * Customer phones and tablets each have a home instance and fail over to the other when a try
 * gets no answer or a 503 (upstream.ts). While they work, a seeded killer SIGKILLs the instances
 * in turn (A first) in the middle of the burst and starts each again on its port. One tablet
 * drops offline while a push is out (A judges it, the answer is lost), keeps queueing, and once
 * A has been killed and is back it sends its whole outbox through B (multi-offline.ts). Sessions
 * are made on one instance and used on both. Every tablet keeps a copy of the venue pulled
 * through the instances (multi-mirror.ts). Then: every acknowledged order stored once, every
 * mutation judged once, no slot over capacity, a gap-free change log (kill-checks.ts, on the
 * database), both instances answer one snapshot and every tablet's copy equals it; an owner
 * socket on B got a customer's order placed through A; the login limits count once over both.
 *
 * Replaying: the seed fixes the orders, mutations, ids, homes and kill points; real I/O still
 * interleaves them differently (as kill-loop.ts).
 */
import { Rng } from '../sync/mutations.ts';
import { checkDatabase, type DatabaseFigures } from './kill-checks.ts';
import {
  type ClientContext,
  type Knowledge,
  type OrderSend,
  runCustomer,
  sendOrder,
} from './kill-customers.ts';
import { fixedUpstream, newSeen, sleep } from './kill-http.ts';
import { clientProblems, inBatches, OWNER_SESSIONS_MAX, refusalsByCode } from './kill-loop.ts';
import { ServerLife } from './kill-server.ts';
import { loadSnapshot } from './kill-snapshot.ts';
import { Tablet } from './kill-tablets.ts';
import { guestSession, ownerSession, prepareVenue } from './kill-venue.ts';
import { OwnerSocket } from './multi-live.ts';
import { type LoginLimitFigures, loginLimitAcross } from './multi-logins.ts';
import { checkConvergence, Mirror } from './multi-mirror.ts';
import { OfflineTablet } from './multi-offline.ts';
import { FailoverUpstream } from './upstream.ts';

export interface MultiInstanceOptions {
  seed: number;
  /** A migrated PostgreSQL database, empty: instance A seeds the demo venue on it. */
  databaseUrl: string;
  customers: number;
  sendsPerCustomer: number;
  /** Tablets, the offline one included. */
  tablets: number;
  mutationsPerTablet: number;
  /** SIGKILLs, of A, then B, then A...; each at its share of the online clients' answers. */
  kills: number;
  slotCapacity: number;
  /** Share of client tries abandoned after a few milliseconds (default 0.04, as kill-loop.ts). */
  abandonRate?: number;
  deadlineMs: number;
  log?: (line: string) => void;
}

export interface MultiInstanceResult extends DatabaseFigures {
  seed: number;
  /** The instance each kill took, in order ('A' or 'B'). */
  killed: string[];
  /** Processes started per instance (the first, and one after each of its kills). */
  starts: { A: number; B: number };
  requests: number;
  noAnswer: number;
  unavailable: number;
  serverErrors: number;
  /** Tries a client moved to the other instance. */
  failovers: number;
  ordersAnsweredFromStorage: number;
  mutationsAnsweredFromStorage: number;
  mutationsApplied: number;
  mutationRefusals: Record<string, number>;
  /** The offline tablet: entries it sent after coming back, through B. */
  offlineReplayed: number;
  /** Its push lost as it dropped offline: its mutations, those A judged, those B answered from storage. */
  offlineLostPush: number;
  offlineLostJudged: number;
  offlineLostAnsweredFromStorage: number;
  /** Tablets whose pulled copy equals the server's snapshot at the end. */
  mirrorsConverged: number;
  mirrorPulls: number;
  mirrorResets: number;
  /** The owner socket on B received the order placed through A. */
  liveAcross: boolean;
  login: Omit<LoginLimitFigures, 'problems'>;
  durationMs: number;
  problems: string[];
}

const NAMES = ['A', 'B'] as const;
/** The offline tablet drops during the push carrying this mutation (rooms and tables made). */
const OFFLINE_AT_MUTATION = 5;

export async function runMultiInstance(opts: MultiInstanceOptions): Promise<MultiInstanceResult> {
  const started = performance.now();
  const log = (line: string) =>
    opts.log?.(`[${((performance.now() - started) / 1000).toFixed(1)} s] ${line}`);
  const rng = new Rng(opts.seed);
  const stream = (salt: number) => new Rng((opts.seed + 7919 * salt) >>> 0);
  // One venue clock for both instances (kill-server.ts): the same evening, the same start.
  const firstStart = Date.now();
  const lives: ServerLife[] = [];
  const sockets: OwnerSocket[] = [];
  let running = true;
  let stopped = false;
  try {
    // A alone first: on the empty database it seeds the demo venue (COMANDA_DEMO=1); B, started
    // after, finds the venue there, rather than both racing to create it.
    lives.push(await ServerLife.start({ databaseUrl: opts.databaseUrl, firstStart }));
    lives.push(await ServerLife.start({ databaseUrl: opts.databaseUrl, firstStart }));
    const bases = lives.map((l) => l.url);
    const [baseA = '', baseB = ''] = bases;
    const ways: FailoverUpstream[] = [];
    const upstream = (home: number) => {
      const way = new FailoverUpstream(bases, home);
      ways.push(way);
      return way;
    };
    log(
      `multi-instance seed ${opts.seed}: A ${baseA} (pid ${lives[0]?.pid}), B ${baseB} (pid ${lives[1]?.pid})`,
    );

    // Sessions made on either instance, used on both: one SESSION_SECRET, one sessions table.
    const owners = await inBatches(Math.min(opts.tablets, OWNER_SESSIONS_MAX), 5, (i) =>
      ownerSession(bases[i % 2] ?? baseA),
    );
    const owner = (i: number) => owners[i % owners.length] ?? '';
    const venue = await prepareVenue(baseA, owner(0), opts.slotCapacity);
    const guests = await inBatches(opts.customers, 10, (i) => guestSession(bases[(i + 1) % 2] ?? baseA));

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
    const problems: string[] = [];
    const sends: OrderSend[] = [];

    // The live bus between instances: an owner's socket on B, a customer's order through A.
    const socket = await OwnerSocket.open(baseB, venue.businessId, owner(0));
    sockets.push(socket);
    const liveSend = await sendOrder(ctx, {
      customer: 0,
      cookie: guests[0] ?? '',
      kind: 'table',
      rng: stream(6000),
      timing: stream(6001),
      upstream: fixedUpstream(baseA),
    });
    sends.push(liveSend);
    const liveProblems = await socket.expectOrder(liveSend);
    problems.push(...liveProblems);
    socket.close();

    const tablets = Array.from(
      { length: opts.tablets },
      (_, i) =>
        new Tablet(
          i + 1,
          stream(1000 + i).uuid(),
          owner(i),
          ctx,
          stream(2000 + i),
          stream(3000 + i),
          upstream(i % 2),
        ),
    );
    // Tablet 1 (home A) is the one that goes offline, then comes back through B.
    const offline = tablets[0] ? new OfflineTablet(tablets[0], OFFLINE_AT_MUTATION) : null;
    // Each tablet's copy of the venue, loaded through its home instance before the burst.
    const mirrors = await Promise.all(
      tablets.map((t) => Mirror.load(t.way, owner(t.index - 1), () => stopped)),
    );

    const onlineTotal =
      opts.customers * opts.sendsPerCustomer + (opts.tablets - (offline ? 1 : 0)) * opts.mutationsPerTablet;
    log(`burst starts: ${opts.customers} phones, ${opts.tablets} tablets`);
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
          upstream(i % 2),
        ),
      ),
      ...tablets.map((t) => t.run(opts.mutationsPerTablet)),
    ]).finally(() => {
      running = false;
    });
    // Every tablet pulls its copy now and then while it is online, the way it sends.
    const pullers = tablets.map(async (t, i) => {
      const timing = stream(7000 + i);
      try {
        while (running && !stopped) {
          if (!t.isOffline) await mirrors[i]?.pull(t.way);
          await sleep(150 + timing.int(350));
        }
      } catch (err) {
        problems.push(`tablet ${t.index}'s pull: ${String(err)}`);
      }
    });

    // The killer: kill k waits for k/(K+1) of the online clients' answers, a random pause, then
    // SIGKILLs A, B, A, ... and starts it again on its port after a random time down.
    const killed: string[] = [];
    let aKilledAndBack: () => void = () => undefined;
    const aBack = new Promise<void>((resolve) => {
      aKilledAndBack = resolve;
    });
    const killer = (async () => {
      for (let k = 1; k <= opts.kills; k++) {
        while (running && !stopped && answered < onlineTotal * (k / (opts.kills + 1))) await sleep(5);
        if (!running || stopped) break;
        await sleep(rng.int(150));
        const victim: 0 | 1 = k % 2 === 1 ? 0 : 1;
        await lives[victim]?.kill();
        killed.push(NAMES[victim]);
        const down = rng.int(300);
        log(
          `kill ${k}/${opts.kills}: ${NAMES[victim]} at ${answered}/${onlineTotal} answers; down ${down} ms`,
        );
        await sleep(down);
        await lives[victim]?.restart();
        if (victim === 0) aKilledAndBack();
      }
      // No kill of A (the clients ran out first): the offline tablet must still come back.
      aKilledAndBack();
    })();
    // The offline tablet returns once A, its home, has been killed and is back: through B.
    const offlineStory = offline
      ?.run(
        aBack,
        () => upstream(1),
        () => running && !stopped,
      )
      .then(() => log(`tablet 1 back online through B with ${offline.queuedWhenBack} queued`));
    await Promise.all([clients, killer, offlineStory]);
    running = false;
    await Promise.all(pullers);
    clearTimeout(deadline);
    log(`burst over: ${answered} answers, ${seen.requests} requests, ${seen.noAnswer} without answer`);

    if (stopped)
      problems.push(`deadline of ${opts.deadlineMs} ms passed with ${answered}/${onlineTotal} answers`);
    if (killed.length !== opts.kills) problems.push(`${killed.length}/${opts.kills} kills made`);
    problems.push(...clientProblems(seen, sends, tablets));
    const offlineFigures = offline?.report();
    problems.push(...(offlineFigures?.problems ?? []));

    // Every judged mutation sent again through the instance that is not the tablet's home gets
    // the stored answer, whoever judged it, and changes nothing.
    const versionBefore = (await loadSnapshot(baseA, owner(0))).version;
    for (const [i, t] of tablets.entries()) problems.push(...(await t.replayJudged(50, bases[(i + 1) % 2])));
    const versionAfter = (await loadSnapshot(baseA, owner(0))).version;
    if (versionAfter !== versionBefore)
      problems.push(`replays moved the version ${versionBefore} -> ${versionAfter}`);

    // Both instances answer one snapshot; every tablet's copy, after a last pull through the
    // instance that is not its home, equals it.
    const convergence = await checkConvergence(bases, owner(0), mirrors, (i) => upstream((i + 1) % 2));
    problems.push(...convergence.problems);

    // Last: past it, this address may not sign in with a password for a quarter of an hour.
    const { problems: loginProblems, ...login } = await loginLimitAcross(bases);
    problems.push(...loginProblems);

    log('replays, convergence and login limits checked');
    for (const l of lives) await l.stop();
    const checked = await checkDatabase(
      { dialect: 'postgres', url: opts.databaseUrl },
      venue,
      sends,
      tablets,
    );
    problems.push(...checked.problems);
    return {
      ...checked.figures,
      seed: opts.seed,
      killed,
      starts: { A: lives[0]?.starts ?? 0, B: lives[1]?.starts ?? 0 },
      requests: seen.requests,
      noAnswer: seen.noAnswer,
      unavailable: seen.unavailable,
      serverErrors: seen.serverErrors.length,
      failovers: ways.reduce((n, w) => n + w.failovers, 0),
      ordersAnsweredFromStorage: sends.filter((s) => s.replayed).length,
      mutationsAnsweredFromStorage: tablets.reduce(
        (n, t) => n + t.entries.filter((e) => e.fresh === 0 && e.replays > 0).length,
        0,
      ),
      mutationsApplied: tablets.reduce((n, t) => n + t.entries.filter((e) => e.status === 200).length, 0),
      mutationRefusals: refusalsByCode(tablets),
      offlineReplayed: offlineFigures?.replayed ?? 0,
      offlineLostPush: offlineFigures?.lostPush ?? 0,
      offlineLostJudged: offlineFigures?.lostJudged ?? 0,
      offlineLostAnsweredFromStorage: offlineFigures?.lostAnsweredFromStorage ?? 0,
      mirrorsConverged: convergence.converged,
      mirrorPulls: mirrors.reduce((n, m) => n + m.pulls, 0),
      mirrorResets: mirrors.reduce((n, m) => n + m.resets, 0),
      liveAcross: liveProblems.length === 0,
      login,
      durationMs: Math.round(performance.now() - started),
      problems,
    };
  } catch (err) {
    const tails = lives.map((l, i) => `${NAMES[i]}:\n${l.output().slice(-1500)}`).join('\n');
    throw new Error(`multi-instance seed ${opts.seed}: ${String(err)}\nserver output:\n${tails}`);
  } finally {
    running = false;
    stopped = true;
    for (const s of sockets) s.close();
    for (const l of lives) {
      await l.kill().catch(() => undefined);
      l.remove();
    }
  }
}
