import { type CallDef, SYNC_HEADERS } from '@comanda/shared-schema';
import { post, type TestApp } from '../test-app.ts';
import type { TwoVenues, VenueWorld } from '../two-venues.ts';
import { changedTables, type Fingerprint, fingerprint, LeakProbe } from './tenant-probe.ts';

/**
 * The isolation matrix's bookkeeping: every case tried is counted (process-wide, for the soak's
 * report), every answer is searched for the victim's data, and the victim's fingerprint is
 * compared after each case. Failures are collected as readable lines, not thrown, so one run
 * reports them all.
 */
let casesTried = 0;

/** Isolation cases tried in this process so far (HTTP requests, pushed mutations, live frames). */
export function isolationCasesTried(): number {
  return casesTried;
}

export interface Answer {
  status: number;
  text: string;
}

/** Refusals an attacker may get: 400 (a victim id of the wrong shape), 403, 404, 409. */
export const REFUSALS = [400, 403, 404, 409] as const;

export type Expect = 'refuse' | 'any' | readonly number[];

export class Judge {
  readonly probe: LeakProbe;
  readonly failures: string[] = [];
  cases = 0;
  /** Statuses seen, for the log. */
  readonly statuses = new Map<number, number>();

  /** A judge of attacks on `victim`, its rows as they are now the baseline. */
  static async open(world: TwoVenues, victim: VenueWorld, seed: number): Promise<Judge> {
    return new Judge(world, victim, seed, await fingerprint(world.t, world.fake, victim));
  }

  private constructor(
    readonly world: TwoVenues,
    readonly victim: VenueWorld,
    readonly seed: number,
    private baseline: Fingerprint,
  ) {
    this.probe = new LeakProbe(victim, world.adopted);
  }

  /** One answer: its status as expected, never a 5xx, and none of the victim's data in it. */
  answer(label: string, res: Answer, expect: Expect): void {
    this.cases++;
    casesTried++;
    this.statuses.set(res.status, (this.statuses.get(res.status) ?? 0) + 1);
    const allowed: readonly number[] = expect === 'refuse' ? REFUSALS : expect === 'any' ? [] : expect;
    const bad =
      res.status >= 500 || (allowed.length > 0 && !allowed.includes(res.status))
        ? `status ${res.status}`
        : null;
    const leaks = this.probe.leaks(res.text, '');
    if (bad || leaks.length > 0) {
      this.fail(`${label}: ${[bad, ...leaks].filter(Boolean).join(', ')} :: ${res.text.slice(0, 300)}`);
    }
  }

  /** Counts a case whose answer is judged elsewhere (a live frame). */
  count(n = 1): void {
    this.cases += n;
    casesTried += n;
  }

  /** The victim's rows and payments as they were: else a failure naming the changed tables. */
  async unchanged(label: string): Promise<void> {
    const now = await fingerprint(this.world.t, this.world.fake, this.victim);
    if (now.hash === this.baseline.hash) return;
    this.fail(`${label}: victim changed (${changedTables(this.baseline, now).join(', ')})`);
    this.baseline = now;
  }

  /** After the victim itself changed something on purpose. */
  async rebase(): Promise<void> {
    this.baseline = await fingerprint(this.world.t, this.world.fake, this.victim);
  }

  fail(line: string): void {
    this.failures.push(`[seed ${this.seed}] ${line}`);
  }
}

/** A call as a device sends it: GET with a query, POST with a JSON body (and sync headers). */
export async function send(
  t: TestApp,
  def: CallDef,
  body: unknown,
  cookie?: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  if (def.method === 'GET') {
    const query = new URLSearchParams(
      Object.entries((body ?? {}) as Record<string, unknown>).map(([k, v]): [string, string] => [
        k,
        String(v),
      ]),
    );
    const res = await t.app.inject({
      method: 'GET',
      url: `${def.path}?${query}`,
      headers: { ...(cookie ? { cookie } : {}), ...headers },
    });
    return { status: res.statusCode, text: res.body };
  }
  const res = await post(t.app, def.path, body, cookie, headers);
  return { status: res.statusCode, text: res.body };
}

/** Sync headers of one outbox mutation. */
export const syncHeaders = (clientId: string, mutationId: number): Record<string, string> => ({
  [SYNC_HEADERS.clientId]: clientId,
  [SYNC_HEADERS.mutationId]: String(mutationId),
});

/** A small seeded generator (mulberry32): the same seed picks the same cases. */
export function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = s;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}
