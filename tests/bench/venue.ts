// Shared by the browser benches: the real server with the demo venue, and the owner's API as a
// second device would use it (owner cookie, one client id, mutation ids 1, 2, 3...).
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type Body, type CallName, calls, SYNC_HEADERS } from '@comanda/shared-schema';
import type { BrowserContext } from '@playwright/test';
import { sessionCookie } from '../support/guest-orders.ts';
import { LOAD_TOOL_ENV, type RunningServer, repoRoot, startServer } from '../support/server.ts';

export const BENCH_PASSWORD = 'bench-password';
export const DEMO_EMAIL = 'demo@comanda.test';
/** Rome 20:00, inside the demo venue's 18:00-02:00: the customer menu is open. */
export const OPEN_NOW = '2025-07-15T20:00:00+02:00';

/** The built PWA the server will serve: `COMANDA_PWA_DIST` (a build made elsewhere) or pwa/dist. */
export const pwaDist = (): string => process.env.COMANDA_PWA_DIST ?? join(repoRoot, 'pwa', 'dist');

/** Refuses to bench a PWA that was not built. */
export function assertBuilt(): void {
  const dist = pwaDist();
  if (!existsSync(join(dist, 'index.html'))) {
    throw new Error(`${dist} is missing: run \`npm run build\` first`);
  }
}

/** The production server (built PWA) with the demo venue, its clock inside opening hours. */
export async function startDemoServer(): Promise<RunningServer> {
  assertBuilt();
  return startServer({
    // The benches are load tools from one address, not diners: the customer quotas are raised.
    env: {
      ...LOAD_TOOL_ENV,
      COMANDA_DEMO: '1',
      COMANDA_DEMO_PASSWORD: BENCH_PASSWORD,
      COMANDA_FAKE_NOW: OPEN_NOW,
    },
  });
}

async function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/** The demo owner signed in from Node: reads, and mutations through the sync protocol. */
export class OwnerApi {
  private readonly clientId = randomUUID();
  private mutationId = 0;

  private constructor(
    readonly url: string,
    readonly cookie: string,
    readonly businessId: string,
  ) {}

  static async signIn(url: string): Promise<OwnerApi> {
    const res = await postJson(url + calls.ownerLogin.path, { email: DEMO_EMAIL, password: BENCH_PASSWORD });
    if (!res.ok) throw new Error(`owner login failed: ${res.status} ${await res.text()}`);
    const cookie = sessionCookie(res);
    const answer = (await res.json()) as { businessId?: string };
    if (!answer.businessId) throw new Error('owner login answered no businessId');
    return new OwnerApi(url, cookie, answer.businessId);
  }

  /** One owner mutation, the next mutation id of this client; a refusal throws. */
  async mutate<N extends CallName>(name: N, body: Body<(typeof calls)[N]>): Promise<unknown> {
    this.mutationId += 1;
    const res = await postJson(this.url + calls[name].path, body, {
      cookie: this.cookie,
      [SYNC_HEADERS.clientId]: this.clientId,
      [SYNC_HEADERS.mutationId]: String(this.mutationId),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${name} failed: ${res.status} ${text.slice(0, 300)}`);
    return JSON.parse(text) as unknown;
  }

  /** Every offline entity row of the venue, as a fresh device would load them. */
  async snapshot(): Promise<Array<{ entity: string; entityId: string; data: unknown }>> {
    const res = await fetch(this.url + calls.snapshot.path, { headers: { cookie: this.cookie } });
    if (!res.ok) throw new Error(`snapshot failed: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { rows: Array<{ entity: string; entityId: string; data: unknown }> }).rows;
  }

  /** The id of one table of the demo venue (for the customer route). */
  async anyTableId(): Promise<string> {
    const table = (await this.snapshot()).find((row) => row.entity === 'table');
    if (!table) throw new Error('the demo venue has no table');
    return table.entityId;
  }
}

/** `/user/reservation/{ownerId}/{tableId}`: the route a table's QR code opens. */
export function customerMenuPath(ownerId: string, tableId: string): string {
  return `/user/reservation/${encodeURIComponent(ownerId)}/${encodeURIComponent(tableId)}`;
}

/** A guest session in the browser context, so the customer route opens the menu, not sign-in. */
export async function signInGuest(context: BrowserContext, url: string): Promise<void> {
  const res = await context.request.post(url + calls.userLogin.path, { data: { isAnonymus: true } });
  if (!res.ok()) throw new Error(`guest login failed: ${res.status()} ${await res.text()}`);
}

/** The demo owner's session in the browser context. */
export async function signInOwner(context: BrowserContext, url: string): Promise<void> {
  const res = await context.request.post(url + calls.ownerLogin.path, {
    data: { email: DEMO_EMAIL, password: BENCH_PASSWORD },
  });
  if (!res.ok()) throw new Error(`owner login failed: ${res.status()} ${await res.text()}`);
}

/**
 * tsx compiles with esbuild's keepNames, which wraps named functions in `__name(...)`; a function
 * sent into the page (init script, evaluate) carries those calls, so the page needs the helper.
 */
export async function shimKeepNames(context: BrowserContext): Promise<void> {
  await context.addInitScript('globalThis.__name = (target) => target;');
}
