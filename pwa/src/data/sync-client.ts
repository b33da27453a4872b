import { type Body, type CallDef, type Calls, calls as sharedCalls } from '@comanda/shared-schema';
import { BehaviorSubject } from 'rxjs';
import { type CatchUpOptions, type CatchUpResult, catchUp } from './catchup.ts';
import { type ComandaDb, readMeta, requestPersistentStorage, toStorageError } from './db.ts';
import { ApiError, NetworkError, type StorageError } from './errors.ts';
import type { LockManagerLike } from './lock.ts';
import { appendEntry, checkBody, dismissRefused, rewritePending } from './outbox.ts';
import { PendingWrites } from './pending-writes.ts';
import { Replayer } from './replayer.ts';
import type { MutatorMap } from './view.ts';

export interface SyncClientOptions<C extends Readonly<Record<string, CallDef>>> {
  db: ComandaDb;
  /** The call table mutations are looked up in; shared-schema's `calls` in the app. */
  calls?: C;
  /** Every owner mutation's local effect (the app composes them: app/owner-mutators.ts). */
  mutators: MutatorMap;
  fetch?: typeof fetch;
  locks?: LockManagerLike;
  random?: () => number;
  /** Catch-up calls (tests inject fakes); shared-schema's sync calls otherwise. */
  syncCalls?: CatchUpOptions['calls'];
}

/** A problem the owner must see (a full disk, a session that ended while changes wait). */
export type SyncProblem = { kind: 'storage'; error: StorageError } | { kind: 'auth' };

/**
 * The client side of the sync protocol for one owner database: `mutate` queues, the replayer
 * sends, `catchUp` pulls server changes. Screens reach it through `useSyncClient()`.
 */
export class SyncClient<C extends Readonly<Record<string, CallDef>> = Calls> {
  readonly db: ComandaDb;
  readonly calls: C;
  readonly mutators: MutatorMap;
  readonly replayer: Replayer;
  readonly problem$ = new BehaviorSubject<SyncProblem | null>(null);
  /** Last version known to be applied, so live frames that bring nothing new cost nothing. */
  readonly version$ = new BehaviorSubject<number>(0);
  /** Mutations of this tab shown before the screens read them back (see `PendingWrites`). */
  readonly pending = new PendingWrites();
  private socketId: string | undefined;
  private catching: Promise<CatchUpResult | null> | null = null;
  private catchAgain = false;
  private readonly abort = new AbortController();
  private readonly cleanups: Array<() => void> = [];
  private stopped = false;

  constructor(private readonly opts: SyncClientOptions<C>) {
    this.db = opts.db;
    this.calls = opts.calls ?? (sharedCalls as unknown as C);
    this.mutators = opts.mutators;
    this.replayer = new Replayer({
      db: opts.db,
      calls: this.calls,
      getSocketId: () => this.socketId,
      onAcked: (v) => {
        if (v === null || v > this.version$.value) void this.catchUp();
      },
      onAuthLost: () => this.problem$.next({ kind: 'auth' }),
      ...(opts.fetch ? { fetch: opts.fetch } : {}),
      ...(opts.locks ? { locks: opts.locks } : {}),
      ...(opts.random ? { random: opts.random } : {}),
    });
  }

  /** Start sending and catching up; call once the owner session is known. */
  async start(): Promise<void> {
    void requestPersistentStorage();
    try {
      this.version$.next((await readMeta(this.db)).lastVersion);
    } catch (err) {
      this.reportStorage(err);
    }
    // Stopped while reading (a layout unmounted at once): start nothing.
    if (this.stopped) return;
    this.replayer.start();
    // Back in the foreground or online: the socket may have missed frames while asleep.
    const onVisible = () => {
      if (document.visibilityState === 'visible') void this.catchUp();
    };
    const onOnline = () => void this.catchUp();
    globalThis.document?.addEventListener('visibilitychange', onVisible);
    globalThis.addEventListener?.('online', onOnline);
    this.cleanups.push(() => {
      globalThis.document?.removeEventListener('visibilitychange', onVisible);
      globalThis.removeEventListener?.('online', onOnline);
    });
    void this.catchUp();
    void this.replayer.trigger({ force: true });
  }

  stop(): void {
    this.stopped = true;
    this.replayer.stop();
    this.abort.abort();
    for (const c of this.cleanups.splice(0)) c();
  }

  setSocketId(id: string | undefined): void {
    this.socketId = id;
  }

  /**
   * Queue an owner mutation (see `outbox.ts`); answers its mutation id once it is stored. The
   * screens show it from the moment it is called (`pending`), not after the write and their
   * re-read: on a busy board those two IndexedDB round trips were most of a status tap.
   */
  async mutate<N extends keyof C & string>(name: N, body: Body<C[N]>): Promise<number> {
    // A body the server would refuse is never shown, not even for a moment.
    checkBody(this.calls, name, body);
    const local = { localKey: this.pending.newKey(), createdAt: Date.now() };
    this.pending.add(local.localKey, name, body, local.createdAt);
    try {
      const id = await appendEntry(this.db, name, body, local);
      this.pending.committed(local.localKey);
      if (this.problem$.value?.kind === 'storage') this.problem$.next(null);
      return id;
    } catch (err) {
      this.pending.failed(local.localKey);
      if (!(err instanceof ApiError)) this.reportStorage(err);
      throw err;
    }
  }

  rewritePending(mutationId: number, body: unknown): Promise<boolean> {
    return rewritePending(this.db, mutationId, body);
  }

  dismissRefused(mutationId: number): Promise<void> {
    return dismissRefused(this.db, mutationId);
  }

  /** A live frame said the business is at `version`: catch up if that is news. */
  poke(version: number): void {
    if (version > this.version$.value) void this.catchUp();
  }

  /** Reconnected, back online or in the foreground: pull what we missed, then send. */
  resync(): void {
    void this.catchUp();
    void this.replayer.trigger({ force: true });
  }

  /** Coalesced: one catch-up at a time; asks made meanwhile run one more after it. */
  catchUp(): Promise<CatchUpResult | null> {
    if (this.catching) {
      this.catchAgain = true;
      return this.catching;
    }
    this.catching = (async () => {
      let result: CatchUpResult | null = null;
      do {
        this.catchAgain = false;
        result = await this.catchUpOnce();
      } while (this.catchAgain && result);
      return result;
    })().finally(() => {
      this.catching = null;
    });
    return this.catching;
  }

  private async catchUpOnce(): Promise<CatchUpResult | null> {
    try {
      const result = await catchUp(this.db, {
        signal: this.abort.signal,
        ...(this.opts.fetch ? { fetch: this.opts.fetch } : {}),
        ...(this.opts.syncCalls ? { calls: this.opts.syncCalls } : {}),
      });
      this.version$.next(result.version);
      if (this.problem$.value?.kind === 'auth') this.problem$.next(null);
      return result;
    } catch (err) {
      if (err instanceof ApiError && (err.status === 401 || err.status === 403)) {
        this.problem$.next({ kind: 'auth' });
      } else if (!(err instanceof ApiError) && !(err instanceof NetworkError)) {
        this.reportStorage(err);
      }
      // Offline or a busy server: the next reconnect, `online` or foreground event tries again.
      return null;
    }
  }

  private reportStorage(err: unknown): void {
    const error = toStorageError(err);
    console.error('comanda storage', err);
    this.problem$.next({ kind: 'storage', error });
  }
}
