import type { World } from './world-shape.ts';

/**
 * Database state checks: `total_changes()` counts every row a statement of the app's one
 * connection wrote (rolled back or not, triggers included); while it has not moved, the hashes of
 * the last check still hold. Otherwise every table but the excluded ones is hashed again.
 */
export class DbWatch {
  private hashes: Record<string, string>;
  private at: number;
  constructor(private readonly world: World) {
    this.at = this.changes();
    this.hashes = world.tableHashes();
  }
  private changes(): number {
    return Number(this.world.app.store.sqlite.prepare('SELECT total_changes()').pluck().get());
  }
  /** Per-table hashes as of now (rehashing only if something was written since the last time). */
  current(): Record<string, string> {
    const now = this.changes();
    if (now !== this.at) {
      this.hashes = this.world.tableHashes();
      this.at = now;
    }
    return this.hashes;
  }
  /** Tables that differ from an earlier `current()`. */
  changedSince(before: Record<string, string>): string[] {
    const now = this.current();
    return Object.keys({ ...before, ...now }).filter((k) => now[k] !== before[k]);
  }
}

/** Last mutation id the sync core holds for a device. */
export function lastMutationId(world: World, clientId: string): number {
  const row = world.app.store.sqlite
    .prepare('SELECT last_mutation_id FROM client_mutations WHERE client_id = ?')
    .pluck()
    .get(clientId);
  return typeof row === 'number' ? row : 0;
}
