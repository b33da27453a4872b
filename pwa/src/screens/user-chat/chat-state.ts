import type { ChatMessage } from '@comanda/shared-schema';
import type { PendingMessage } from '../../components/chat/message-list.tsx';

export interface ChatState {
  /** The conversation as the server confirmed it, oldest first, one entry per id. */
  messages: readonly ChatMessage[];
  pending: readonly PendingMessage[];
  /** The venue's chat switch: null until read. */
  enabled: boolean | null;
  /** The socket is connected and this conversation was synced on it: queued messages may go. */
  synced: boolean;
  /** A refusal that names no message of this phone (chat switched off, table removed). */
  notice: string | null;
}

export const initialChat: ChatState = {
  messages: [],
  pending: [],
  enabled: null,
  synced: false,
  notice: null,
};

export type ChatAction =
  | { type: 'enabled'; on: boolean }
  | { type: 'sync'; messages: readonly ChatMessage[] }
  | { type: 'message'; message: ChatMessage }
  | { type: 'refused'; id: string | undefined; error: string; code: string }
  | { type: 'write'; id: string; text: string }
  | { type: 'sent'; ids: readonly string[] }
  | { type: 'disconnected' }
  | { type: 'forget'; id: string };

/** Oldest first; the same instant ordered by id so every phone shows the same order. */
function byTime(a: ChatMessage, b: ChatMessage): number {
  return a.time < b.time ? -1 : a.time > b.time ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** `list` with `incoming` added: an id already there is kept once (replays never duplicate). */
export function mergeMessages(
  list: readonly ChatMessage[],
  incoming: readonly ChatMessage[],
): readonly ChatMessage[] {
  const byId = new Map(list.map((m) => [m.id, m]));
  let changed = false;
  for (const m of incoming) {
    const known = byId.get(m.id);
    if (known && known.text === m.text && known.time === m.time) continue;
    byId.set(m.id, m);
    changed = true;
  }
  return changed ? [...byId.values()].sort(byTime) : list;
}

/**
 * The customer chat's state. A written message waits as `queued` until the conversation is
 * synced on a live socket, goes out (`sent`), and leaves `pending` when its echo or the history
 * names its id; after a drop, whatever the history does not name is queued again and resent
 * with the same id, which the server stores once.
 */
export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'enabled':
      return {
        ...state,
        enabled: action.on,
        notice: action.on ? null : state.notice,
        synced: action.on ? state.synced : false,
      };
    case 'sync': {
      const messages = mergeMessages(state.messages, action.messages);
      const known = new Set(messages.map((m) => m.id));
      const pending = state.pending
        .filter((p) => !known.has(p.id))
        .map((p): PendingMessage => (p.status === 'sent' ? { ...p, status: 'queued' } : p));
      return { ...state, messages, pending, synced: true, enabled: true, notice: null };
    }
    case 'message': {
      const messages = mergeMessages(state.messages, [action.message]);
      const pending = state.pending.filter((p) => p.id !== action.message.id);
      return messages === state.messages && pending.length === state.pending.length
        ? state
        : { ...state, messages, pending };
    }
    case 'refused': {
      const mine = action.id !== undefined && state.pending.some((p) => p.id === action.id);
      if (mine) {
        return {
          ...state,
          pending: state.pending.map((p) =>
            p.id === action.id ? { ...p, status: 'refused', error: action.error } : p,
          ),
        };
      }
      // Another phone's message at this table: not this phone's business.
      if (action.id !== undefined) return state;
      const off = action.code === 'CHAT_DISABLED';
      return { ...state, notice: action.error, ...(off ? { enabled: false, synced: false } : {}) };
    }
    case 'write':
      return {
        ...state,
        pending: [...state.pending, { id: action.id, text: action.text, status: 'queued' }],
      };
    case 'sent': {
      const ids = new Set(action.ids);
      return {
        ...state,
        pending: state.pending.map((p) => (ids.has(p.id) ? { ...p, status: 'sent' } : p)),
      };
    }
    case 'disconnected':
      return state.synced ? { ...state, synced: false } : state;
    case 'forget':
      return { ...state, pending: state.pending.filter((p) => p.id !== action.id) };
  }
}
