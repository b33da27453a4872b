import { describe, expect, it } from 'vitest';
import {
  bumpChanges,
  dueInstant,
  kitchenNextStatus,
  orderRounds,
  stillToPrepare,
  ticketClock,
  undoChanges,
} from './kitchen.ts';

const at = (iso: string) => Date.parse(iso);

describe('order rounds', () => {
  const first = '2025-07-15T18:00:00.000Z';
  const second = '2025-07-15T18:25:00.000Z';

  it('groups the lines of one send and numbers later sends in the order they arrived', () => {
    const lines = [
      { id: 'c', createdAt: second },
      { id: 'a', createdAt: first },
      { id: 'b', createdAt: first },
    ];
    const rounds = orderRounds(lines);
    expect(rounds.map((r) => [r.number, r.startedAt, r.lines.map((l) => l.id)])).toEqual([
      [1, at(first), ['a', 'b']],
      [2, at(second), ['c']],
    ]);
    // The key is the send's instant: the same round keeps it however the list is ordered.
    expect(orderRounds([...lines].reverse()).map((r) => r.key)).toEqual(rounds.map((r) => r.key));
  });

  it('never merges a later send into the first, even one second apart', () => {
    const rounds = orderRounds([
      { createdAt: '2025-07-15T18:00:00.000Z' },
      { createdAt: '2025-07-15T18:00:01.000Z' },
    ]);
    expect(rounds).toHaveLength(2);
  });

  it("puts a line stored before 'createdAt' existed in the order's first round, whatever its lastUpdate", () => {
    const opened = at(first);
    const rounds = orderRounds(
      [
        { id: 'old', lastUpdate: '2025-07-15T18:40:00.000Z' },
        { id: 'a', createdAt: first },
        { id: 'c', createdAt: second },
      ],
      opened,
    );
    expect(rounds.map((r) => r.lines.map((l) => l.id))).toEqual([['old', 'a'], ['c']]);
  });

  it('has no round without lines', () => {
    expect(orderRounds([])).toEqual([]);
  });
});

describe('due time of a delivery or pickup', () => {
  // July: Rome is UTC+2. 19:00 Rome = 17:00Z.
  it('is the same evening for a time later that day', () => {
    expect(dueInstant('20:30', at('2025-07-15T17:00:00Z'))).toBe(at('2025-07-15T18:30:00Z'));
  });
  it('is the next day for a time past midnight ordered before it', () => {
    // 23:50 Rome for 00:15: tomorrow at 00:15 Rome (22:15Z).
    expect(dueInstant('00:15', at('2025-07-15T21:50:00Z'))).toBe(at('2025-07-15T22:15:00Z'));
  });
  it('is a few minutes ago, not tomorrow, for an order placed just after its time', () => {
    // 00:10 Rome on the 16th for 23:45: the evening of the 15th.
    expect(dueInstant('23:45', at('2025-07-15T22:10:00Z'))).toBe(at('2025-07-15T21:45:00Z'));
  });
  it('is that evening for an order placed in the morning', () => {
    expect(dueInstant('21:00', at('2025-07-15T08:00:00Z'))).toBe(at('2025-07-15T19:00:00Z'));
  });
  it('reads Rome time across the October change (UTC+1 after it)', () => {
    // 26 October 2025, 18:00 Rome (17:00Z, winter time) for 20:00 Rome = 19:00Z.
    expect(dueInstant('20:00', at('2025-10-26T17:00:00Z'))).toBe(at('2025-10-26T19:00:00Z'));
  });
  it('is null for something that is not HH:MM', () => {
    expect(dueInstant('8pm', at('2025-07-15T17:00:00Z'))).toBeNull();
  });
});

describe('ticket clock', () => {
  const now = at('2025-07-15T18:05:00Z');
  it('ages a table round from when it arrived', () => {
    expect(ticketClock(at('2025-07-15T17:58:30Z'), now)).toEqual({ upcoming: false, minutes: 6 });
  });
  it('counts down to a due time still ahead, rounded up', () => {
    expect(ticketClock(at('2025-07-15T17:00:00Z'), now, at('2025-07-15T18:29:10Z'))).toEqual({
      upcoming: true,
      minutes: 25,
    });
  });
  it('ages a delivery from its due time once it has passed, not from when it was ordered', () => {
    expect(ticketClock(at('2025-07-15T16:00:00Z'), now, at('2025-07-15T18:02:00Z'))).toEqual({
      upcoming: false,
      minutes: 3,
    });
  });
});

describe('dish taps and bumps', () => {
  it('taps preparation forward to ready and a ready dish back; served and deleted dishes are not tapped', () => {
    expect(kitchenNextStatus('preparation')).toBe('ready');
    expect(kitchenNextStatus('ready')).toBe('preparation');
    expect(kitchenNextStatus('completed')).toBeNull();
    expect(kitchenNextStatus('owner_deleted')).toBeNull();
  });

  it('keeps a ticket while a dish is still in preparation', () => {
    expect(stillToPrepare([{ status: 'ready' }, { status: 'preparation' }])).toBe(true);
    expect(stillToPrepare([{ status: 'ready' }, { status: 'completed' }, { status: 'owner_deleted' }])).toBe(
      false,
    );
  });

  it('bumps only the dishes in preparation to ready', () => {
    expect(
      bumpChanges([
        { id: 'a', status: 'preparation' },
        { id: 'b', status: 'ready' },
        { id: 'c', status: 'completed' },
        { id: 'd', status: 'owner_deleted' },
        { id: 'e', status: 'preparation' },
      ]),
    ).toEqual([
      { id: 'a', from: 'preparation', to: 'ready' },
      { id: 'e', from: 'preparation', to: 'ready' },
    ]);
  });

  it('undoes a bump dish by dish, leaving alone what moved on since or is gone', () => {
    const changes = bumpChanges([
      { id: 'a', status: 'preparation' },
      { id: 'b', status: 'preparation' },
      { id: 'c', status: 'preparation' },
    ]);
    const now: Record<string, 'ready' | 'completed'> = { a: 'ready', b: 'completed' };
    expect(undoChanges(changes, (id) => now[id])).toEqual([{ id: 'a', status: 'preparation' }]);
  });
});
