import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useState } from 'react';
import { withDb } from './db.ts';
import { useSyncClient } from './hooks.ts';

export type Readiness = 'loading' | 'ready' | 'failed';

/**
 * Whether the device database holds the venue yet. A device that never synced asks the server
 * once; if that fails (offline on the very first visit) the screen says so and offers a retry.
 */
export function useSyncReadiness(): { readiness: Readiness; retry: () => void } {
  const client = useSyncClient();
  const synced = useLiveQuery(
    () => withDb(client.db, async () => (await client.db.meta.get('sync'))?.synced ?? false),
    [client],
  );
  const [failed, setFailed] = useState(false);

  const firstLoad = useCallback(() => {
    let current = true;
    setFailed(false);
    void client.catchUp().then((result) => {
      if (current && result === null) setFailed(true);
    });
    return () => {
      current = false;
    };
  }, [client]);

  useEffect(() => (synced === false ? firstLoad() : undefined), [synced, firstLoad]);

  const retry = useCallback(() => void firstLoad(), [firstLoad]);

  const readiness: Readiness = synced ? 'ready' : failed ? 'failed' : 'loading';
  return { readiness, retry };
}
