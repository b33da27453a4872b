import { checksReadKey, menuReadKey, startEarlyRead } from './early-reads.ts';
import { decodeParam, tableScope } from './session-store.ts';
import { fetchMenu, fetchTableChecks } from './table-reads.ts';

/**
 * Started by the table routes' loaders (`app/routes.tsx`) as soon as the address is known, beside
 * the guard: the table checks and, for the menu screen, the menu. Every one of these calls needs a
 * session on the server, so nothing is shown or sent that the guard would not allow; `TableOrdering`
 * takes the answers when it mounts (see `early-reads.ts`).
 */
export function startTableReads(
  params: { ownerId?: string; tableId?: string },
  role: 'user' | 'owner',
  mode: 'menu' | 'cart',
): void {
  // Decoded as the screens decode them, so the keys match.
  const ownerId = decodeParam(params.ownerId);
  const tableId = decodeParam(params.tableId);
  if (!ownerId || !tableId) return;
  const scope = tableScope(ownerId, tableId);
  startEarlyRead(checksReadKey(role, ownerId, tableId), () =>
    fetchTableChecks(ownerId, tableId, scope, role),
  );
  if (mode === 'menu') startEarlyRead(menuReadKey(role, ownerId), () => fetchMenu(ownerId, role));
}
