import type { CallDef } from '@comanda/shared-schema';
import type { SessionStore } from './auth/sessions.ts';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { DemoInfo } from './demo/demo-seed.ts';
import type { Quotas } from './lib/quota.ts';
import type { LiveHub } from './live/hub.ts';
import type { Mailer } from './mail/mailer.ts';
import type { CheckoutSweeper } from './payments/checkout-expiry.ts';
import type { AppStore } from './store/data-store.ts';
import type { SyncCore } from './sync/sync-core.ts';

/** What `buildApp` attaches to the instance: every feature plugin reaches its services here. */
declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    clock: Clock;
    store: AppStore;
    sessions: SessionStore;
    hub: LiveHub;
    sync: SyncCore;
    mailer: Mailer;
    /** Expires card checkouts left unpaid (payments/checkout-expiry.ts). */
    checkouts: CheckoutSweeper;
    /** Keyed quotas on public inputs (per session, table, account, address). */
    quotas: Quotas;
    /** Every call registered through `route`/`mutationRoute` (tests walk it). */
    registeredCalls: CallDef[];
    /** The server's version (package.json), answered by /api/health. */
    appVersion: string;
    /** The demo venue when COMANDA_DEMO=1 created or found it. */
    demo: DemoInfo | null;
  }
}
