import { CHANGES_PAGE_MAX, calls, syncCalls } from '@comanda/shared-schema';
import type { FastifyInstance } from 'fastify';
import { route } from '../http/route.ts';
import { pushRoute } from './push-route.ts';

/**
 * `GET /api/sync/snapshot` and `GET /api/sync/changes?since=V&limit=N` for the owner's venue, and
 * `POST /api/sync/push` for the outbox; `GET /api/time`, the server's clock.
 */
export async function syncRoutes(app: FastifyInstance): Promise<void> {
  route(app, syncCalls.snapshot, ({ venueId }) => app.sync.snapshot(venueId));
  route(app, syncCalls.changes, ({ body, venueId }) =>
    app.sync.changes(venueId, body.since, body.limit ?? CHANGES_PAGE_MAX),
  );
  pushRoute(app);
  // The app's clock (COMANDA_FAKE_NOW included), so devices measure ticket ages and "today" on it.
  route(app, calls.serverTime, () => ({ success: true, now: new Date(app.clock.nowMs()).toISOString() }));
}
