import { ownerMutators as mutators } from '../../pwa/src/app/owner-mutators.ts';
import { ComandaDb, type OutboxEntry, type SyncMeta } from '../../pwa/src/data/db.ts';
import type { LockManagerLike } from '../../pwa/src/data/lock.ts';
import { SyncClient } from '../../pwa/src/data/sync-client.ts';
import { uuid } from '../../pwa/src/data/uuid.ts';
import { composeEntity, type MutatorMap } from '../../pwa/src/data/view.ts';
import { bindLiveToSync } from '../../pwa/src/live/bind-sync.ts';
import { LiveConnection } from '../../pwa/src/live/connection.ts';
import { Network } from './boundary.ts';
import type { ServerHandle } from './server.ts';

/**
 * `navigator.locks` of one device (one origin): exclusive, first come first served, shared by
 * every tab of that device. Distinct devices do not share it.
 */
export function deviceLocks(): LockManagerLike & { maxHeld(): number } {
  let tail: Promise<unknown> = Promise.resolve();
  let held = 0;
  let maxHeld = 0;
  return {
    request<T>(_name: string, callback: () => Promise<T>): Promise<T> {
      const run = tail.then(async () => {
        held++;
        maxHeld = Math.max(maxHeld, held);
        try {
          return await callback();
        } finally {
          held--;
        }
      });
      tail = run.catch(() => undefined);
      return run;
    },
    maxHeld: () => maxHeld,
  };
}

/** One tab: a Dexie connection to the device database, its sync client and live connection. */
export interface Tab {
  db: ComandaDb;
  client: SyncClient;
  live: LiveConnection | null;
  close(): void;
}

export interface TabOptions {
  /** Start sending and catching up at once (default true). */
  start?: boolean;
  /** Open a live socket bound to the sync client (default false). */
  live?: boolean;
}

/** Entity rows by entity name, each list sorted by id: what a device shows, or the server holds. */
export type EntityState = Record<string, unknown[]>;

export function byEntity(rows: ReadonlyArray<{ entity: string; data: unknown }>): EntityState {
  const out: EntityState = {};
  for (const r of rows) {
    const list = out[r.entity] ?? [];
    list.push(r.data);
    out[r.entity] = list;
  }
  for (const list of Object.values(out)) list.sort((a, b) => idOf(a).localeCompare(idOf(b)));
  return out;
}

function idOf(data: unknown): string {
  return String((data as { id?: unknown } | null)?.id ?? '');
}

/**
 * A simulated device: one IndexedDB database (fake-indexeddb) of its own, its own network
 * (`Network`), its own Web Locks, and one or more tabs running the real PWA data layer.
 */
export class Device {
  readonly net: Network;
  readonly dbName = `comanda-sync-${uuid()}`;
  readonly locks = deviceLocks();
  readonly tabs: Tab[] = [];
  /** The PWA's registered mutators: what its screens compose. */
  readonly mutators: MutatorMap = mutators;

  constructor(
    readonly server: ServerHandle,
    private readonly random: () => number = Math.random,
  ) {
    this.net = new Network(server, server.owner.cookie);
  }

  /** The first open tab. */
  get tab(): Tab {
    const t = this.tabs[0];
    if (!t) throw new Error('no open tab');
    return t;
  }

  get client(): SyncClient {
    return this.tab.client;
  }

  openTab(opts: TabOptions = {}): Tab {
    const db = new ComandaDb(this.dbName);
    const client = new SyncClient({
      db,
      mutators: this.mutators,
      fetch: this.net.fetch,
      locks: this.locks,
      random: this.random,
    });
    let live: LiveConnection | null = null;
    let unbind: () => void = () => undefined;
    if (opts.live) {
      live = new LiveConnection({
        url: `ws://server/live?ownerId=${encodeURIComponent(this.server.businessId)}`,
        WebSocket: this.net.WebSocket,
        random: this.random,
      });
      unbind = bindLiveToSync(live, client);
      live.start();
    }
    if (opts.start !== false) void client.start();
    const tab: Tab = {
      db,
      client,
      live,
      close: () => {
        unbind();
        live?.stop();
        client.stop();
        db.close();
        this.tabs.splice(this.tabs.indexOf(tab), 1);
      },
    };
    this.tabs.push(tab);
    return tab;
  }

  close(): void {
    for (const t of [...this.tabs]) t.close();
  }

  /** The browser's `offline` event: the network is gone (sockets die). */
  goOffline(): void {
    this.net.goOffline();
  }

  /**
   * The browser's `online` event, as the PWA's listeners handle it: the replayer drains at once,
   * the sync client catches up, a live connection that is down reconnects without waiting.
   */
  goOnline(): void {
    this.net.goOnline();
    for (const t of this.tabs) {
      t.client.resync();
      if (t.live && t.live.status$.value !== 'connected') t.live.restart();
    }
  }

  async meta(): Promise<SyncMeta> {
    const m = await this.tab.db.meta.get('sync');
    if (!m) throw new Error('no sync meta yet');
    return m;
  }

  async outbox(): Promise<OutboxEntry[]> {
    return this.tab.db.outbox.orderBy('mutationId').toArray();
  }

  /** Server rows as the device stores them (no outbox applied). */
  async serverRows(): Promise<EntityState> {
    return byEntity(await this.tab.db.serverRows.toArray());
  }

  /** What the screens show: server rows with the still-applied outbox entries replayed on top. */
  async composed(entities: readonly string[]): Promise<EntityState> {
    const { db } = this.tab;
    const [rows, outbox, meta] = await Promise.all([
      db.serverRows.toArray(),
      db.outbox.toArray(),
      this.meta(),
    ]);
    const names = new Set([...entities, ...rows.map((r) => r.entity)]);
    const out: EntityState = {};
    for (const entity of names) {
      const { rows: list } = composeEntity(entity, rows, outbox, this.mutators, meta.lastVersion);
      if (list.length > 0) out[entity] = [...list].sort((a, b) => idOf(a).localeCompare(idOf(b)));
    }
    return out;
  }
}
