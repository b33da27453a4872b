import type { ServerEventData, ServerEventName } from '@comanda/shared-schema';
import { createContext, useContext, useEffect, useRef, useSyncExternalStore } from 'react';
import type { LiveConnection, LiveStatus } from './connection.ts';

/** Provided by the owner layout (and, in later issues, by the customer table screens). */
export const LiveContext = createContext<LiveConnection | null>(null);

export interface LiveState {
  connection: LiveConnection;
  status: LiveStatus;
  socketId: string | undefined;
}

export function useLive(): LiveState {
  const connection = useContext(LiveContext);
  if (!connection) throw new Error('useLive outside a live provider');
  const status = useSyncExternalStore(
    (onChange) => {
      const sub = connection.status$.subscribe(onChange);
      return () => sub.unsubscribe();
    },
    () => connection.status$.value,
  );
  return { connection, status, socketId: connection.socketId };
}

/** Run `handler` for every frame of `event` while the component is mounted. */
export function useLiveEvent<E extends ServerEventName>(
  event: E,
  handler: (data: ServerEventData<E>) => void,
): void {
  const { connection } = useLive();
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    const sub = connection.on(event).subscribe((data) => latest.current(data));
    return () => sub.unsubscribe();
  }, [connection, event]);
}
