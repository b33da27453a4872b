import type { ChatMessage } from '@comanda/shared-schema';
import { describe, expect, it } from 'vitest';
import { type ChatState, chatReducer, initialChat, mergeMessages } from './chat-state.ts';

const msg = (id: string, time: string, text = id, from: 'user' | 'owner' = 'user'): ChatMessage => ({
  id,
  tableId: 'T1',
  text,
  time,
  from,
});
const run = (state: ChatState, ...actions: Parameters<typeof chatReducer>[1][]) =>
  actions.reduce(chatReducer, state);

describe('customer chat state', () => {
  it('merges history and live messages by id, in time order, never twice', () => {
    const a = msg('a', '2025-07-15T18:00:00.000Z');
    const b = msg('b', '2025-07-15T18:01:00.000Z');
    const c = msg('c', '2025-07-15T18:01:00.000Z');
    const list = mergeMessages([], [b, a]);
    expect(list.map((m) => m.id)).toEqual(['a', 'b']);
    expect(mergeMessages(list, [a, b])).toBe(list);
    expect(mergeMessages(list, [c, a]).map((m) => m.id)).toEqual(['a', 'b', 'c']);
    const state = run(
      initialChat,
      { type: 'sync', messages: [a, b] },
      { type: 'message', message: b },
      { type: 'sync', messages: [a, b, c] },
    );
    expect(state.messages.map((m) => m.id)).toEqual(['a', 'b', 'c']);
  });

  it('a written message waits for the synced socket, is sent once, and leaves when its echo comes', () => {
    let s = run(initialChat, { type: 'enabled', on: true }, { type: 'write', id: 'm1', text: 'Ciao' });
    expect(s.pending).toEqual([{ id: 'm1', text: 'Ciao', status: 'queued' }]);
    s = run(s, { type: 'sync', messages: [] }, { type: 'sent', ids: ['m1'] });
    expect(s.synced).toBe(true);
    expect(s.pending[0]?.status).toBe('sent');
    s = run(s, { type: 'message', message: msg('m1', '2025-07-15T18:02:00.000Z', 'Ciao') });
    expect(s.pending).toEqual([]);
    expect(s.messages.map((m) => m.text)).toEqual(['Ciao']);
  });

  it('after a drop, what the history lacks is queued again (same id); what it has is done', () => {
    let s = run(
      initialChat,
      { type: 'sync', messages: [] },
      { type: 'write', id: 'm1', text: 'Uno' },
      { type: 'write', id: 'm2', text: 'Due' },
      { type: 'sent', ids: ['m1', 'm2'] },
      { type: 'disconnected' },
    );
    expect(s.synced).toBe(false);
    s = run(s, { type: 'sync', messages: [msg('m1', '2025-07-15T18:02:00.000Z', 'Uno')] });
    expect(s.pending).toEqual([{ id: 'm2', text: 'Due', status: 'queued' }]);
    expect(s.messages.map((m) => m.id)).toEqual(['m1']);
  });

  it('a refusal marks this phone’s message with the reason; one naming no message is a notice', () => {
    let s = run(initialChat, { type: 'write', id: 'm1', text: 'x' });
    s = run(s, { type: 'refused', id: 'm1', code: 'CHAT_RATE_LIMITED', error: 'Troppi' });
    expect(s.pending[0]).toMatchObject({ status: 'refused', error: 'Troppi' });
    expect(run(s, { type: 'refused', id: 'other-phone', code: 'VALIDATION', error: 'x' })).toBe(s);
    s = run(s, { type: 'forget', id: 'm1' });
    expect(s.pending).toEqual([]);
    s = run(
      s,
      { type: 'enabled', on: true },
      { type: 'refused', id: undefined, code: 'CHAT_DISABLED', error: 'off' },
    );
    expect(s).toMatchObject({ enabled: false, notice: 'off', synced: false });
    expect(run(s, { type: 'enabled', on: true })).toMatchObject({ enabled: true, notice: null });
  });
});
