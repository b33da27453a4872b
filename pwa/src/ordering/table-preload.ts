import { ApiError } from '../data/errors.ts';
import { checksReadKey, menuReadKey, startEarlyRead } from './early-reads.ts';
import { decodeParam, tableScope } from './session-store.ts';
import { fetchMenu, fetchTableChecks } from './table-reads.ts';

/**
 * `load`, asked once more when it was refused for want of a session (401) and the guard running
 * beside it has just made one: a first visit from a QR code has no session until the guard makes
 * a guest (app/guards.ts), and its reads should not wait for the screen to ask again.
 */
export function retriedAfterSignIn<T>(
  load: () => Promise<T>,
  sessionMade: (() => Promise<boolean>) | undefined,
): () => Promise<T> {
  return () =>
    load().catch(async (err: unknown) => {
      if (sessionMade && err instanceof ApiError && err.status === 401 && (await sessionMade()))
        return load();
      throw err;
    });
}

/**
 * Started by the table routes' loaders (`app/routes.tsx`) as soon as the address is known, beside
 * the guard: the table checks and, for the menu screen, the menu. Every one of these calls needs a
 * session on the server, so nothing is shown or sent that the guard would not allow; `TableOrdering`
 * takes the answers when it mounts (see `early-reads.ts`). `sessionMade` (customers) says whether
 * the guard made a guest session, after which a read refused for want of one is sent again.
 */
export function startTableReads(
  params: { ownerId?: string; tableId?: string },
  role: 'user' | 'owner',
  mode: 'menu' | 'cart',
  sessionMade?: () => Promise<boolean>,
): void {
  // Decoded as the screens decode them, so the keys match.
  const ownerId = decodeParam(params.ownerId);
  const tableId = decodeParam(params.tableId);
  if (!ownerId || !tableId) return;
  const scope = tableScope(ownerId, tableId);
  startEarlyRead(
    checksReadKey(role, ownerId, tableId),
    retriedAfterSignIn(() => fetchTableChecks(ownerId, tableId, scope, role), sessionMade),
  );
  if (mode === 'menu')
    startEarlyRead(
      menuReadKey(role, ownerId),
      retriedAfterSignIn(() => fetchMenu(ownerId, role), sessionMade),
    );
}
