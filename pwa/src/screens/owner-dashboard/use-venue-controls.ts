import { type RoomTable, tf } from '@comanda/shared-schema';
import { useCallback, useMemo } from 'react';
import { errorText } from '../../data/api.ts';
import { useSyncClient } from '../../data/hooks.ts';
import { useLiveEvent } from '../../live/use-live.ts';

/**
 * The dashboard's venue-wide controls (spec 2.6): answering a waiter call and the chat switch,
 * both queued in the outbox; a live call also pops a toast beside the bell's list.
 */
export function useVenueControls(notify: (text: string) => void, fail: (text: string) => void) {
  const sync = useSyncClient();
  useLiveEvent('calledService', ({ number }) => notify(tf.tableCallsWaiter(number)));
  const run = useCallback(
    (p: Promise<unknown>) => {
      p.catch((err: unknown) => fail(errorText(err)));
    },
    [fail],
  );
  const discardCall = useCallback(
    (table: RoomTable) => run(sync.mutate('dashboardCallDiscard', { tableId: table.id })),
    [sync, run],
  );
  const toggleChat = useCallback(() => run(sync.mutate('ownerChatToggle', {})), [sync, run]);
  return useMemo(() => ({ discardCall, toggleChat }), [discardCall, toggleChat]);
}
