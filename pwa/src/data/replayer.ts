import { ErrorEnvelope, type PushResult, SYNC_HEADERS, syncCalls, t } from '@comanda/shared-schema';
import { liveQuery, type Subscription } from 'dexie';
import { BehaviorSubject } from 'rxjs';
import { request } from './api.ts';
import { type ComandaDb, type OutboxEntry, withDb } from './db.ts';
import { ApiError, isTransient, NetworkError } from './errors.ts';
import { defaultLocks, type LockManagerLike } from './lock.ts';
import type { CallTable } from './outbox.ts';

export const OUTBOX_LOCK = 'comanda-outbox';
/** Entries per push (the server takes up to 200). */
export const PUSH_MAX = 100;
/** Bodies per push, well under the server's 256 KB request limit. */
export const PUSH_MAX_BYTES = 128 * 1024;
const RETRY_BASE_MS = 1000;
const RETRY_CAP_MS = 30_000;

/** Exponential backoff with jitter: 1 s, 2 s, 4 s ... capped at 30 s, each in [half, full]. */
export function retryDelay(failures: number, random: () => number = Math.random): number {
  const base = Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(base / 2 + random() * (base / 2));
}

export type ReplayerState = 'idle' | 'sending' | 'retrying' | 'paused';

export interface ReplayerOptions {
  db: ComandaDb;
  calls: CallTable;
  fetch?: typeof fetch;
  locks?: LockManagerLike;
  lockName?: string;
  /** The live socket id, so the server does not echo our own events back to us. */
  getSocketId?: () => string | undefined;
  random?: () => number;
  /** After a batch with acks: the highest acked version, so the client catches up to it. */
  onAcked?: (maxVersion: number | null) => void;
  /** The session is gone (401/403): sending pauses until `trigger({force: true})`. */
  onAuthLost?: () => void;
}

type Outcome =
  | { kind: 'acked'; version: number | null }
  | { kind: 'gap'; expected: number }
  | { kind: 'refused'; code: string; message: string }
  | { kind: 'transient' }
  | { kind: 'auth' }
  | { kind: 'stopped' };

/** One entry's outcome in a push. */
interface Answer {
  entry: OutboxEntry;
  outcome: Outcome;
}
type Judged = Answer & { outcome: Extract<Outcome, { kind: 'acked' | 'refused' }> };

/** A body that names the sender's socket carries the socket of now, not of when it was queued. */
function withSocket(body: unknown, socketId: string | undefined): unknown {
  if (socketId && body && typeof body === 'object' && 'socketId' in body) return { ...body, socketId };
  return body;
}

/**
 * What a failed send means for `entry`: the same for a single mutation's own answer, a push's
 * result, and a push that failed as a whole.
 */
function outcomeOf(entry: OutboxEntry, err: unknown): Outcome {
  if (err instanceof NetworkError && err.kind === 'aborted') return { kind: 'stopped' };
  if (err instanceof ApiError) {
    if (err.code === 'MUTATION_GAP' && err.expectedMutationId !== undefined) {
      if (err.expectedMutationId !== entry.mutationId)
        return { kind: 'gap', expected: err.expectedMutationId };
      return { kind: 'transient' };
    }
    // The session ended: the server did not judge the mutation, so keep it for after login.
    // A judged 403 (e.g. a businessId that is not this venue's) is an ordinary refusal.
    if ((err.status === 401 || err.status === 403) && !err.judged) return { kind: 'auth' };
    if (!isTransient(err)) return { kind: 'refused', code: err.code, message: err.message };
  }
  return { kind: 'transient' };
}

/**
 * A push result that is not a success, as the error its own endpoint would have answered. The
 * sync core judged it (a refusal), unless it is what stopped the push (a gap, a transient failure).
 */
function resultError(result: PushResult): ApiError {
  const env = ErrorEnvelope.safeParse(result.body);
  if (!env.success)
    return new ApiError(result.status, result.status >= 500 ? 'UNAVAILABLE' : 'VALIDATION', t.genericError);
  const { code, error, issues, expectedMutationId } = env.data;
  return new ApiError(result.status, code, error, issues, expectedMutationId, true);
}

/**
 * Sends the outbox in mutation-id order, in batches through `POST /api/sync/push` (each entry
 * judged exactly as its own endpoint would judge it), from one tab at a time (Web Lock
 * 'comanda-outbox'; every drain re-reads the outbox inside the lock, so two tabs never send the
 * same mutation twice). See the sync protocol in DESIGN.md rule 2.
 */
export class Replayer {
  readonly state$ = new BehaviorSubject<ReplayerState>('idle');
  private readonly locks: LockManagerLike;
  private readonly lockName: string;
  private readonly random: () => number;
  private running: Promise<void> | null = null;
  private again = false;
  private failures = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  private abort = new AbortController();
  private readonly cleanups: Array<() => void> = [];

  constructor(private readonly opts: ReplayerOptions) {
    this.locks = opts.locks ?? defaultLocks();
    this.lockName = opts.lockName ?? OUTBOX_LOCK;
    this.random = opts.random ?? Math.random;
  }

  /** Send on every outbox change, when the browser goes online and when the tab comes back. */
  start(): void {
    this.stopped = false;
    this.abort = new AbortController();
    const sub: Subscription = liveQuery(() =>
      this.opts.db.outbox.where('status').equals('pending').count(),
    ).subscribe({
      next: (pending) => {
        if (pending > 0) void this.trigger();
      },
      error: () => undefined,
    });
    this.cleanups.push(() => sub.unsubscribe());
    const force = () => void this.trigger({ force: true });
    const onVisible = () => {
      if (document.visibilityState === 'visible') force();
    };
    globalThis.addEventListener?.('online', force);
    globalThis.document?.addEventListener('visibilitychange', onVisible);
    this.cleanups.push(() => {
      globalThis.removeEventListener?.('online', force);
      globalThis.document?.removeEventListener('visibilitychange', onVisible);
    });
  }

  stop(): void {
    this.stopped = true;
    this.abort.abort();
    this.clearRetry();
    for (const c of this.cleanups.splice(0)) c();
    this.state$.next('idle');
  }

  /**
   * Drain the outbox now. Without `force` a drain waiting for its backoff is left alone; with it
   * (reconnect, online, foreground, new login) the backoff is skipped.
   */
  trigger(opts: { force?: boolean } = {}): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (opts.force) {
      this.clearRetry();
      if (this.state$.value === 'paused') this.state$.next('idle');
    } else if (this.retryTimer || this.state$.value === 'paused') {
      return this.running ?? Promise.resolve();
    }
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.loop().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private clearRetry(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private async loop(): Promise<void> {
    do {
      this.again = false;
      try {
        const acked = await this.locks.request(this.lockName, () => withDb(this.opts.db, () => this.drain()));
        if (acked.count > 0) this.opts.onAcked?.(acked.maxVersion);
      } catch (err) {
        // IndexedDB failed under us (and did not reopen): try again later, never lose the entry.
        console.error('outbox replay', err);
        this.failures++;
        this.scheduleRetry();
        return;
      }
    } while (this.again && !this.retryTimer && !this.stopped && this.state$.value !== 'paused');
  }

  private scheduleRetry(): void {
    if (this.stopped) return;
    this.clearRetry();
    this.state$.next('retrying');
    this.retryTimer = setTimeout(
      () => {
        this.retryTimer = null;
        void this.trigger();
      },
      retryDelay(this.failures, this.random),
    );
  }

  /** Send pending entries, a push at a time, until none is left or one must wait. Runs inside the lock. */
  private async drain(): Promise<{ count: number; maxVersion: number | null }> {
    let count = 0;
    let maxVersion: number | null = null;
    while (!this.stopped) {
      const batch = await this.claimBatch();
      if (batch.length === 0) break;
      this.state$.next('sending');
      const answers = await this.sendBatch(batch);
      const judged = answers.filter(
        (a): a is Judged => a.outcome.kind === 'acked' || a.outcome.kind === 'refused',
      );
      if (judged.length > 0) {
        this.failures = 0;
        await this.record(judged);
        for (const { outcome } of judged) {
          if (outcome.kind !== 'acked') continue;
          count++;
          if (outcome.version !== null) maxVersion = Math.max(maxVersion ?? 0, outcome.version);
        }
      }
      // Only the last answer may be one that stopped the push.
      const last = answers.at(-1)?.outcome;
      if (!last || last.kind === 'acked' || last.kind === 'refused') continue;
      if (last.kind === 'gap') {
        this.failures = 0;
        count += await this.resolveGap(last.expected);
      } else if (last.kind === 'transient') {
        this.failures++;
        this.scheduleRetry();
        return { count, maxVersion };
      } else if (last.kind === 'auth') {
        this.state$.next('paused');
        this.opts.onAuthLost?.();
        return { count, maxVersion };
      } else {
        break;
      }
    }
    if (!this.stopped) this.state$.next('idle');
    return { count, maxVersion };
  }

  /**
   * The next pending entries in mutation-id order (at most `PUSH_MAX` and `PUSH_MAX_BYTES` of
   * bodies), their attempts counted in the same transaction that reads them: from here on they
   * may be on the server, so the autosave no longer rewrites them. An entry whose call this app
   * does not know goes alone (it is refused here, never sent).
   */
  private async claimBatch(): Promise<OutboxEntry[]> {
    const { db, calls } = this.opts;
    return db.transaction('rw', db.outbox, async () => {
      const pending = await db.outbox.where('status').equals('pending').limit(PUSH_MAX).toArray();
      const batch: OutboxEntry[] = [];
      let bytes = 0;
      for (const entry of pending) {
        const known = Boolean(calls[entry.name]);
        bytes += JSON.stringify(entry.body ?? null).length;
        if (batch.length > 0 && (!known || bytes > PUSH_MAX_BYTES)) break;
        batch.push({ ...entry, attempts: entry.attempts + 1 });
        if (!known) break;
      }
      await db.outbox.bulkUpdate(
        batch.map((e) => ({ key: e.mutationId, changes: { attempts: e.attempts } })),
      );
      return batch;
    });
  }

  /** Acks and refusals of one push, written in one transaction. */
  private async record(judged: readonly Judged[]): Promise<void> {
    const { db } = this.opts;
    const now = Date.now();
    await db.transaction('rw', db.outbox, () =>
      db.outbox.bulkUpdate(
        judged.map(({ entry, outcome }) => ({
          key: entry.mutationId,
          changes:
            outcome.kind === 'acked'
              ? { status: 'acked' as const, ackVersion: outcome.version, ackedAt: now }
              : { status: 'refused' as const, error: outcome.message, errorCode: outcome.code },
        })),
      ),
    );
  }

  /**
   * One `POST /api/sync/push` with the batch. Answers one outcome per entry the server judged,
   * in order, then (when it stopped early) the outcome that stopped it. A push that got no
   * answer, or was refused as a whole, means for its first entry what a single send would mean.
   */
  private async sendBatch(batch: readonly OutboxEntry[]): Promise<Answer[]> {
    const { db, calls } = this.opts;
    const first = batch[0] as OutboxEntry;
    if (!calls[first.name]) {
      return [
        {
          entry: first,
          outcome: { kind: 'refused', code: 'NOT_FOUND', message: `unknown call ${first.name}` },
        },
      ];
    }
    const meta = await db.meta.get('sync');
    if (!meta) return [{ entry: first, outcome: { kind: 'transient' } }];
    const socketId = this.opts.getSocketId?.();
    const headers: Record<string, string> = { [SYNC_HEADERS.clientId]: meta.clientId };
    if (socketId) headers[SYNC_HEADERS.socketId] = socketId;
    const mutations = batch.map((entry) => ({
      mutationId: entry.mutationId,
      name: entry.name,
      body: withSocket(entry.body, socketId),
    }));
    let results: PushResult[];
    try {
      const answer = await request(
        syncCalls.push,
        { mutations },
        {
          headers,
          signal: this.abort.signal,
          ...(this.opts.fetch ? { fetch: this.opts.fetch } : {}),
        },
      );
      results = (answer.data as { results: PushResult[] }).results;
    } catch (err) {
      return [{ entry: first, outcome: outcomeOf(first, err) }];
    }
    const answers: Answer[] = [];
    for (const [i, result] of results.entries()) {
      const entry = batch[i];
      if (entry?.mutationId !== result.mutationId) break;
      const outcome: Outcome =
        result.status >= 200 && result.status < 300
          ? { kind: 'acked', version: result.version }
          : outcomeOf(entry, resultError(result));
      answers.push({ entry, outcome });
      if (outcome.kind !== 'acked' && outcome.kind !== 'refused') break;
    }
    // An answer that judged nothing: try again later rather than resend at once.
    if (answers.length === 0) answers.push({ entry: first, outcome: { kind: 'transient' } });
    return answers;
  }

  /**
   * 409 MUTATION_GAP: the server has applied everything below `expected`. Entries below it are
   * acked (their effect stays until the next catch-up). If the server expects an id this device
   * no longer holds (its state was restored from a backup), the pending entries are renumbered
   * from `expected` so they can still be delivered in order. Answers how many were acked.
   */
  private async resolveGap(expected: number): Promise<number> {
    const { db } = this.opts;
    return db.transaction('rw', db.outbox, db.meta, async () => {
      const all = await db.outbox.orderBy('mutationId').toArray();
      let acked = 0;
      const now = Date.now();
      for (const e of all) {
        if (e.status === 'pending' && e.mutationId < expected) {
          await db.outbox.update(e.mutationId, { status: 'acked', ackVersion: null, ackedAt: now });
          acked++;
        }
      }
      const pending = all.filter((e) => e.status === 'pending' && e.mutationId >= expected);
      const first = pending[0];
      if (first && first.mutationId > expected) {
        await db.outbox.where('mutationId').aboveOrEqual(expected).delete();
        const renumbered = pending.map((e, i) => ({ ...e, mutationId: expected + i }));
        await db.outbox.bulkAdd(renumbered);
        const meta = await db.meta.get('sync');
        if (meta) await db.meta.put({ ...meta, nextMutationId: expected + renumbered.length });
      }
      return acked;
    });
  }
}
