import { useCallback, useEffect, useReducer } from 'react';
import { uuid } from '../../data/uuid.ts';
import type { LiveConnection } from '../../live/connection.ts';
import { type ChatState, chatReducer, initialChat } from './chat-state.ts';

export interface TableChat {
  state: ChatState;
  /** Queue a message (sent at once when the conversation is synced, else after reconnecting). */
  write: (text: string) => void;
  /** Drop a refused message from the screen. */
  forget: (id: string) => void;
}

/**
 * One table's conversation over the customer's live socket: `joinChat` after every (re)connect
 * (the server answers `syncMessages`), `recieveMessage` for new ones, `messageRefused`, and the
 * venue's `enableChat` / `disableChat`. `enabled` starts from the page's `/api/user/chat/get`.
 */
export function useTableChat(
  ownerId: string,
  tableId: string,
  connection: LiveConnection | null,
  enabled: boolean | null,
): TableChat {
  const [state, dispatch] = useReducer(chatReducer, initialChat);

  useEffect(() => {
    if (enabled !== null) dispatch({ type: 'enabled', on: enabled });
  }, [enabled]);

  useEffect(() => {
    if (!connection) return;
    const join = () => connection.send('joinChat', { ownerId, tableId });
    const subs = [
      connection.connected$.subscribe(join),
      connection.events$.subscribe((frame) => {
        switch (frame.event) {
          case 'syncMessages':
            if (frame.data.tableId === tableId) dispatch({ type: 'sync', messages: frame.data.messages });
            break;
          case 'recieveMessage':
            if (frame.data.tableId === tableId) dispatch({ type: 'message', message: frame.data });
            break;
          case 'messageRefused':
            if (frame.data.tableId === tableId) {
              dispatch({
                type: 'refused',
                id: frame.data.id,
                error: frame.data.error,
                code: frame.data.code,
              });
            }
            break;
          case 'enableChat':
            dispatch({ type: 'enabled', on: true });
            join();
            break;
          case 'disableChat':
            dispatch({ type: 'enabled', on: false });
            break;
          case 'disconnect':
            dispatch({ type: 'disconnected' });
            break;
          default:
            break;
        }
      }),
    ];
    // Connected before this subscription existed: ask now.
    if (connection.status$.value === 'connected') join();
    return () => {
      for (const sub of subs) sub.unsubscribe();
    };
  }, [connection, ownerId, tableId]);

  // Queued messages leave once the conversation is synced on a live socket, each with its id.
  useEffect(() => {
    if (!connection || !state.synced || state.enabled === false) return;
    const queued = state.pending.filter((p) => p.status === 'queued');
    if (queued.length === 0) return;
    const sent = queued.filter((p) =>
      connection.send('sendMessage', { ownerId, tableId, text: p.text, id: p.id }),
    );
    if (sent.length > 0) dispatch({ type: 'sent', ids: sent.map((p) => p.id) });
  }, [connection, ownerId, tableId, state.synced, state.enabled, state.pending]);

  const write = useCallback((text: string) => dispatch({ type: 'write', id: uuid(), text }), []);
  const forget = useCallback((id: string) => dispatch({ type: 'forget', id }), []);
  return { state, write, forget };
}
