import type { Subscription } from 'rxjs';
import type { SyncClient } from '../data/sync-client.ts';
import type { LiveConnection } from './connection.ts';

/**
 * Wire the live connection to the sync client: every (re)connect hands over the new socket id
 * and catches up and replays (frames may have been missed while down); a versioned frame is a
 * poke to catch up if it is news.
 */
export function bindLiveToSync(
  live: LiveConnection,
  sync: Pick<SyncClient, 'setSocketId' | 'resync' | 'poke'>,
) {
  const subs: Subscription[] = [
    live.connected$.subscribe((socketId) => {
      sync.setSocketId(socketId);
      sync.resync();
    }),
    live.events$.subscribe((frame) => {
      if (frame.event === 'disconnect') sync.setSocketId(undefined);
      else if (frame.version !== undefined) sync.poke(frame.version);
    }),
  ];
  return () => {
    for (const s of subs) s.unsubscribe();
  };
}
