import type { ChatMessage, RoomTable } from '@comanda/shared-schema';
import { describe, expect, it } from 'vitest';
import { conversations, totalUnread } from '../../data/conversations.ts';
import { createView } from '../../data/view.ts';
import { chatMutators } from './mutators.ts';

const table = (id: string, number: number): RoomTable => ({
  id,
  businessId: 'B',
  roomId: 'R',
  number,
  x: 0,
  y: 0,
  status: false,
  called: false,
});
const msg = (id: string, tableId: string, minute: number, from: 'user' | 'owner' = 'user'): ChatMessage => ({
  id,
  tableId,
  text: id,
  time: `2025-07-15T18:${String(minute).padStart(2, '0')}:00.000Z`,
  from,
});
const tables = [table('T3', 3), table('T8', 8), table('T9', 9)];

describe('owner conversations', () => {
  it('one per table, newest first, unread = customer messages after the read mark and the last answer', () => {
    const list = conversations(
      [
        msg('a', 'T3', 1),
        msg('b', 'T3', 2),
        msg('c', 'T8', 3),
        msg('d', 'T8', 4, 'owner'),
        msg('e', 'T8', 5),
        msg('f', 'T9', 0),
        msg('gone', 'T-deleted', 9),
      ],
      tables,
      { T9: '2025-07-15T18:00:00.000Z' },
    );
    expect(list.map((c) => [c.number, c.unread, c.last.id])).toEqual([
      [8, 1, 'e'],
      [3, 2, 'b'],
      [9, 0, 'f'],
    ]);
    expect(totalUnread(list)).toBe(3);
    expect(list[0]?.messages.map((m) => m.id)).toEqual(['c', 'd', 'e']);
  });

  it('leaves out what is older than the window', () => {
    const list = conversations(
      [msg('a', 'T3', 1), msg('b', 'T8', 30)],
      tables,
      {},
      '2025-07-15T18:10:00.000Z',
    );
    expect(list.map((c) => c.number)).toEqual([8]);
  });

  it("the answer shows at once as the owner's, trimmed; not while the chat is off", () => {
    const rows = [
      { entity: 'business', entityId: 'B', data: { id: 'B', chatEnabled: 1 } },
      { entity: 'chatMessage', entityId: 'a', data: msg('a', 'T3', 1) },
    ];
    const { view, rowsOf } = createView(rows);
    const id = '0b6c1f0e-8f4a-4b7e-9c2d-3e5f6a7b8c9d';
    chatMutators.ownerChatSend.apply(view, { id, tableId: 'T3', text: '  Arrivo  ' });
    expect(rowsOf('chatMessage').get(id)).toMatchObject({ id, tableId: 'T3', text: 'Arrivo', from: 'owner' });
    const off = createView([{ entity: 'business', entityId: 'B', data: { id: 'B', chatEnabled: 0 } }]);
    expect(() => chatMutators.ownerChatSend.apply(off.view, { id, tableId: 'T3', text: 'x' })).toThrow();
  });
});
