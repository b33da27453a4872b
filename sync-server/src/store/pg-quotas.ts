import type pg from 'pg';
import { type QuotaCheck, type Quotas, slideWindow } from '../lib/quota.ts';

/** Expired rows are swept once every this many checks (and never more than the batch). */
const SWEEP_EVERY = 500;
const SWEEP_BATCH = 1000;

/**
 * The quotas of a hosted deployment, in PostgreSQL (DESIGN.md "Hosted"): one count per key for
 * every instance, so a client whose requests are spread over several instances meets the same
 * limit as on one (five logins per address, orders per session and table...). The rule is the
 * memory one's (`slideWindow`); the key's row is locked while it is applied, so two instances
 * counting at once count twice. Two round trips a check (the statements are pipelined).
 *
 * A flood of new keys adds rows: a row whose both windows have passed counts nothing and is
 * swept, a batch at a time, as checks come.
 */
export class PgQuotas implements Quotas {
  private checks = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly nowMs: () => number,
  ) {}

  take(key: string, limit: number, windowMs: number, cost = 1): Promise<QuotaCheck> {
    return this.check(key, limit, windowMs, cost, true);
  }

  peek(key: string, limit: number, windowMs: number): Promise<QuotaCheck> {
    return this.check(key, limit, windowMs, 1, false);
  }

  async reset(key: string): Promise<void> {
    await this.pool.query('DELETE FROM quota_windows WHERE key = $1', [key]);
  }

  private async check(key: string, limit: number, windowMs: number, cost: number, count: boolean) {
    const now = this.nowMs();
    const client = await this.pool.connect();
    try {
      // Pipelined: one round trip for the three, the row locked at the end of it.
      const [, , row] = await Promise.all([
        client.query('BEGIN'),
        client.query(
          `INSERT INTO quota_windows (key, window_ms, start, current, previous, expires_at)
           VALUES ($1, $2, $3, 0, 0, $4) ON CONFLICT (key) DO NOTHING`,
          [key, windowMs, now, now + 2 * windowMs],
        ),
        client.query<{ window_ms: number; start: number; current: number; previous: number }>(
          'SELECT window_ms, start, current, previous FROM quota_windows WHERE key = $1 FOR UPDATE',
          [key],
        ),
      ]);
      const stored = row.rows[0];
      const { check, window } = slideWindow(
        stored && {
          windowMs: Number(stored.window_ms),
          start: Number(stored.start),
          current: stored.current,
          previous: stored.previous,
        },
        now,
        limit,
        windowMs,
        cost,
        count,
      );
      const [, ended] = await Promise.all([
        client.query(
          `UPDATE quota_windows SET window_ms = $2, start = $3, current = $4, previous = $5, expires_at = $6
           WHERE key = $1`,
          [
            key,
            window.windowMs,
            window.start,
            window.current,
            window.previous,
            window.start + 2 * window.windowMs,
          ],
        ),
        client.query('COMMIT'),
      ]);
      if (ended.command === 'ROLLBACK') throw new Error('quota check rolled back');
      client.release();
      this.sweepNow();
      return check;
    } catch (err) {
      await client.query('ROLLBACK').then(
        () => client.release(),
        () => client.release(err instanceof Error ? err : new Error('quota check failed')),
      );
      throw err;
    }
  }

  /** Now and then, the rows that count nothing any more go (a bounded batch, not awaited). */
  private sweepNow(): void {
    this.checks += 1;
    if (this.checks % SWEEP_EVERY !== 0) return;
    this.pool
      .query(
        `DELETE FROM quota_windows WHERE key IN
           (SELECT key FROM quota_windows WHERE expires_at < $1 LIMIT ${SWEEP_BATCH})`,
        [this.nowMs()],
      )
      .catch(() => undefined);
  }
}
