import { eq } from 'drizzle-orm';
import { first } from '../../src/db/client.ts';
import { clientMutations } from '../../src/db/schema.ts';
import type { World } from './world-shape.ts';

/**
 * Database state checks: per-table hashes of every table but the excluded ones, taken before a
 * case and compared after it. On SQLite, `total_changes()` counts every row a statement of the
 * app's one connection wrote (rolled back or not, triggers included); while it has not moved, the
 * hashes of the last check still hold. PostgreSQL has no such counter for a database (its
 * statistics views lag, and a pool has many connections): every check asks `tableHashes()`, which
 * there rehashes only the tables whose row versions moved (world.ts).
 */
export class DbWatch {
  private hashes: Record<string, string> | null = null;
  private at: number | null = null;
  constructor(private readonly world: World) {}
  /** Rows written through the app's connection so far (SQLite), or null (PostgreSQL: unknown). */
  private async changes(): Promise<number | null> {
    const { store } = this.world.app;
    // SQLite alone: total_changes() is a counter of its one connection.
    if (store.dialect !== 'sqlite') return null;
    return Number(store.sqlite.prepare('SELECT total_changes()').pluck().get());
  }
  /** Per-table hashes as of now (rehashing only if something may have been written since the last time). */
  async current(): Promise<Record<string, string>> {
    const now = await this.changes();
    if (this.hashes === null || now === null || now !== this.at) {
      this.hashes = await this.world.tableHashes();
      this.at = now;
    }
    return this.hashes;
  }
  /** Tables that differ from an earlier `current()`. */
  async changedSince(before: Record<string, string>): Promise<string[]> {
    const now = await this.current();
    return Object.keys({ ...before, ...now }).filter((k) => now[k] !== before[k]);
  }
}

/** Last mutation id the sync core holds for a device. */
export async function lastMutationId(world: World, clientId: string): Promise<number> {
  const row = await first(
    world.app.store.db
      .select({ last: clientMutations.lastMutationId })
      .from(clientMutations)
      .where(eq(clientMutations.clientId, clientId)),
  );
  return row?.last ?? 0;
}
