import type pg from 'pg';
import type { QuotaCheck, QuotaRule, Quotas } from '../lib/quota.ts';

/** Expired rows are swept once every this many checks (and never more than the batch). */
const SWEEP_EVERY = 500;
const SWEEP_BATCH = 1000;

/**
 * One check of any number of keys: `quota_apply` (drizzle-pg/0007_quota_apply.sql) is the
 * sliding-window rule of lib/quota.ts (`slideWindow`) in the database. A named statement: parsed
 * and planned once a connection.
 */
const APPLY = {
  name: 'quota_apply',
  text: `SELECT allowed, hits, retry_after_ms
         FROM quota_apply($1::text[], $2::bigint[], $3::float8[], $4::bigint, $5::float8, $6::boolean)`,
};

/**
 * The quotas of a hosted deployment, in PostgreSQL (DESIGN.md "Hosted"): one count per key for
 * every instance, so a client whose requests are spread over several instances meets the same
 * limit as on one (five logins per address, orders per session and table...). The rule is the
 * memory one's (`slideWindow`), applied by one statement under the keys' row locks, so two
 * instances counting at once count twice: one round trip a check, however many keys it takes.
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

  async take(key: string, limit: number, windowMs: number, cost = 1): Promise<QuotaCheck> {
    return (await this.apply([{ key, limit, windowMs }], cost, true))[0] as QuotaCheck;
  }

  async peek(key: string, limit: number, windowMs: number): Promise<QuotaCheck> {
    return (await this.apply([{ key, limit, windowMs }], 1, false))[0] as QuotaCheck;
  }

  async takeAll(rules: readonly QuotaRule[]): Promise<boolean> {
    if (rules.length === 0) return true;
    return (await this.apply(rules, 1, true)).every((check) => check.allowed);
  }

  async reset(key: string): Promise<void> {
    await this.pool.query('DELETE FROM quota_windows WHERE key = $1', [key]);
  }

  /**
   * Every key's check in one statement, one transaction of its own: the counts are written only
   * when every key allowed the hit and `count` is asked (a refusal by one key uses up no other's,
   * and a peek writes nothing).
   */
  private async apply(rules: readonly QuotaRule[], cost: number, count: boolean): Promise<QuotaCheck[]> {
    const { rows } = await this.pool.query<{ allowed: boolean; hits: number; retry_after_ms: number }>({
      ...APPLY,
      values: [
        rules.map((r) => r.key),
        rules.map((r) => r.windowMs),
        rules.map((r) => r.limit),
        this.nowMs(),
        cost,
        count,
      ],
    });
    if (count) this.sweepNow();
    return rows.map((row) => ({ allowed: row.allowed, count: row.hits, retryAfterMs: row.retry_after_ms }));
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
