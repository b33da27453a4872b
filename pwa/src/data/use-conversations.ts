import { CHAT_HISTORY_MS } from '@comanda/shared-schema';
import { useMemo, useSyncExternalStore } from 'react';
import { readMarks } from './chat-read-marks.ts';
import { type Conversation, conversations } from './conversations.ts';
import { useEntities } from './hooks.ts';
import { serverNow } from './server-clock.ts';

/**
 * The venue's conversations from the device's copy (server rows plus queued answers), with this
 * device's unread counts; undefined while loading. Only the last 12 hours, as the server keeps.
 */
export function useConversations(): Conversation[] | undefined {
  const messages = useEntities('chatMessage');
  const tables = useEntities('table');
  const marks = useSyncExternalStore(readMarks.subscribe, readMarks.get, readMarks.get);
  return useMemo(() => {
    if (!messages || !tables) return undefined;
    const since = new Date(serverNow() - CHAT_HISTORY_MS).toISOString();
    return conversations(messages, tables, marks, since);
  }, [messages, tables, marks]);
}
