import { t } from '@comanda/shared-schema';
import { useCallback, useEffect, useState } from 'react';
import { call } from '../../data/api.ts';
import { ApiError } from '../../data/errors.ts';
import { patchUserCache, readUserCache, tableScope } from '../../ordering/session-store.ts';
import { unreachable } from '../../ordering/table-reads.ts';

export type ChatChecks =
  | { state: 'loading' }
  | { state: 'failed'; message: string; canRetry: boolean }
  | { state: 'ready'; tableNumber: number; venueName: string | null; chatEnabled: boolean };

/**
 * Before a customer may chat (spec 1, 6): the table is one of the venue's (`isValidTable`) and
 * the venue's chat is on (`/api/user/chat/get`); the venue's name is read beside them.
 */
export async function fetchChatChecks(
  ownerId: string,
  tableId: string,
  signal?: AbortSignal,
): Promise<Extract<ChatChecks, { state: 'ready' }>> {
  const opts = { signal };
  const [table, chat, venue] = await Promise.all([
    call('userIsValidTable', { ownerId, tableId }, opts),
    call('userChatGet', { ownerId }, opts),
    call('verifyBusinessId', { businessId: ownerId }, opts).catch(() => null),
  ]);
  patchUserCache(tableScope(ownerId, tableId), ownerId, {
    tableId,
    tableNumber: table.number,
    ...(venue?.name ? { venueName: venue.name } : {}),
  });
  return {
    state: 'ready',
    tableNumber: table.number,
    venueName: venue?.name ?? readUserCache(tableScope(ownerId, tableId))?.venueName ?? null,
    chatEnabled: chat.chatEnabled === 1,
  };
}

function failure(err: unknown): Extract<ChatChecks, { state: 'failed' }> {
  if (unreachable(err)) return { state: 'failed', message: t.networkError, canRetry: true };
  if (err instanceof ApiError && err.code === 'business_id_error') {
    return { state: 'failed', message: t.businessIdError, canRetry: false };
  }
  return { state: 'failed', message: t.invalidTable, canRetry: false };
}

export function useChatChecks(ownerId: string, tableId: string): { checks: ChatChecks; retry: () => void } {
  const [checks, setChecks] = useState<ChatChecks>({ state: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    void round;
    const controller = new AbortController();
    setChecks({ state: 'loading' });
    fetchChatChecks(ownerId, tableId, controller.signal)
      .then((ready) => {
        if (!controller.signal.aborted) setChecks(ready);
      })
      .catch((err: unknown) => {
        if (!controller.signal.aborted) setChecks(failure(err));
      });
    return () => controller.abort();
  }, [ownerId, tableId, round]);
  const retry = useCallback(() => setRound((n) => n + 1), []);
  return { checks, retry };
}
