import { AppError } from '@comanda/shared-schema';

/** The outcome of taking from a quota. */
export interface QuotaCheck {
  allowed: boolean;
  /** Hits counted in the window (including this one when allowed). */
  count: number;
  /** When refused: how long until one more would fit, ms. */
  retryAfterMs: number;
}

/**
 * Keyed quotas over a sliding window: "at most `limit` per `windowMs` for this key". Keys name
 * who is counted ('order:session:<id>', 'login:addr:<ip>'...). Async on purpose: a hosted
 * deployment keeps them in a store every instance shares; this process's map is the embedded one.
 */
export interface Quotas {
  /** Counts one hit (or `cost`) if it fits; a refused hit is not counted. */
  take(key: string, limit: number, windowMs: number, cost?: number): Promise<QuotaCheck>;
  /** What `take` of one more would answer, counting nothing. */
  peek(key: string, limit: number, windowMs: number): Promise<QuotaCheck>;
  /** One hit from every rule, or none (a refusal by one key uses up no other's): whether taken. */
  takeAll(rules: readonly QuotaRule[]): Promise<boolean>;
  /** Forgets a key (a successful login clears its failures). */
  reset(key: string): Promise<void>;
}

/** One key's counters: hits in the current fixed window and in the one before it. */
export interface QuotaWindow {
  start: number;
  current: number;
  previous: number;
  windowMs: number;
}

/**
 * The sliding-window rule itself (the previous fixed window weighted by how much of it still
 * overlaps the sliding one: Cloudflare's approximation, two numbers a key), pure: what `take`
 * (`count`) or `peek` answers for a key whose counters are `stored` (none: a new key), and the
 * counters to keep. Every store of quotas applies this one rule: PostgreSQL's as the function
 * `quota_apply` (drizzle-pg/0007_quota_apply.sql), held equal to this one by pg-quotas.pg.test.ts.
 */
export function slideWindow(
  stored: QuotaWindow | undefined,
  now: number,
  limit: number,
  windowMs: number,
  cost: number,
  count: boolean,
): { check: QuotaCheck; window: QuotaWindow } {
  const w = rolled(stored, windowMs, now);
  const elapsed = (now - w.start) / windowMs;
  const weighted = w.previous * (1 - elapsed) + w.current;
  if (weighted + cost > limit) {
    // The previous window's weight fades linearly; past its end only the current one counts.
    const over = weighted + cost - limit;
    const retryAfterMs =
      w.previous > 0 && over <= w.previous * (1 - elapsed)
        ? Math.ceil((over / w.previous) * windowMs)
        : Math.ceil(w.start + windowMs - now);
    return {
      check: { allowed: false, count: Math.ceil(weighted), retryAfterMs: Math.max(1, retryAfterMs) },
      window: w,
    };
  }
  if (!count) return { check: { allowed: true, count: Math.ceil(weighted), retryAfterMs: 0 }, window: w };
  return {
    check: { allowed: true, count: Math.ceil(weighted + cost), retryAfterMs: 0 },
    window: { ...w, current: w.current + cost },
  };
}

/** The counters moved on to the fixed window `now` falls in. */
function rolled(w: QuotaWindow | undefined, windowMs: number, now: number): QuotaWindow {
  if (!w || w.windowMs !== windowMs) return { start: now, current: 0, previous: 0, windowMs };
  const passed = Math.floor((now - w.start) / windowMs);
  if (passed === 1) return { ...w, previous: w.current, current: 0, start: w.start + windowMs };
  if (passed > 1) return { ...w, previous: 0, current: 0, start: now };
  return w;
}

/**
 * Sliding-window counters in memory, for one process (the venue's box). At most `maxKeys` keys
 * are kept; beyond that the least recently used go, so a flood of new keys (random sessions,
 * spoofed addresses) costs bounded memory and at worst forgets the oldest counts.
 */
export class MemoryQuotas implements Quotas {
  private readonly windows = new Map<string, QuotaWindow>();

  constructor(
    private readonly nowMs: () => number,
    private readonly maxKeys = 100_000,
  ) {}

  async take(key: string, limit: number, windowMs: number, cost = 1): Promise<QuotaCheck> {
    return this.check(key, limit, windowMs, cost, true);
  }

  async peek(key: string, limit: number, windowMs: number): Promise<QuotaCheck> {
    return this.check(key, limit, windowMs, 1, false);
  }

  async takeAll(rules: readonly QuotaRule[]): Promise<boolean> {
    // One process, no await between the checks: nothing else counts in between.
    if (rules.some((r) => !this.check(r.key, r.limit, r.windowMs, 1, false).allowed)) return false;
    for (const r of rules) this.check(r.key, r.limit, r.windowMs, 1, true);
    return true;
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  private check(key: string, limit: number, windowMs: number, cost: number, count: boolean): QuotaCheck {
    const stored = this.windows.get(key);
    const { check, window } = slideWindow(stored, this.nowMs(), limit, windowMs, cost, count);
    // Re-inserted last: the map's order is least recently used first.
    this.windows.delete(key);
    this.windows.set(key, window);
    if (this.windows.size > this.maxKeys) {
      const oldest = this.windows.keys().next().value;
      if (oldest !== undefined) this.windows.delete(oldest);
    }
    return check;
  }
}

/** A quota refusal as the one error envelope (429, Italian text chosen by the caller). */
export function quotaRefusal(message: string): AppError {
  return new AppError('RATE_LIMITED', message);
}

/** One quota a call must fit: "at most `limit` per `windowMs` for `key`". */
export interface QuotaRule {
  key: string;
  limit: number;
  windowMs: number;
}

/**
 * Takes one hit from every rule, or none: each is checked first, so a refusal by one key (the
 * address, say) does not use up another's (the session's). Throws `quotaRefusal(message)`.
 */
export async function takeQuotas(
  quotas: Quotas,
  rules: readonly QuotaRule[],
  message: string,
): Promise<void> {
  if (!(await quotas.takeAll(rules))) throw quotaRefusal(message);
}
