import type { OrderRow, ReservationLine } from '@comanda/shared-schema';
import { reservationLine } from '@comanda/shared-schema/testing';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StorageError } from '../../data/errors.ts';
import { SyncContext } from '../../data/hooks.ts';
import type { SyncClient } from '../../data/sync-client.ts';
import { buildKitchenTickets } from './kitchen-logic.ts';
import { type KitchenData, UNDO_MS, useKitchenActions } from './use-kitchen.ts';

const AT = '2025-07-15T17:00:00.000Z';
const order: OrderRow = {
  id: 'o1',
  tableId: 'T1',
  number: 4,
  accettato: 1,
  isCalled: false,
  businessId: 'b',
  status: 1,
};

function line(id: string, status: ReservationLine['status']): ReservationLine {
  return reservationLine(id, { price: 500, status, lastUpdate: AT, createdAt: AT });
}

function dataOf(lines: ReservationLine[]): KitchenData {
  return { tickets: buildKitchenTickets([order], lines, 'tutto'), lines, orders: [order] };
}

function setup(initial: KitchenData, mutate = vi.fn(async (): Promise<number> => 1)) {
  const sync = { mutate } as unknown as SyncClient;
  const fail = vi.fn();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <SyncContext.Provider value={sync}>{children}</SyncContext.Provider>
  );
  const hook = renderHook(({ data }) => useKitchenActions(data, fail), {
    wrapper,
    initialProps: { data: initial },
  });
  const sent = () => mutate.mock.calls.map((call) => (call as unknown[])[1]);
  return { hook, sent, fail };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('kitchen actions', () => {
  it('bumps the dishes in preparation through the outbox and offers the undo for a few seconds', () => {
    const data = dataOf([line('a', 'preparation'), line('b', 'ready'), line('c', 'preparation')]);
    const { hook, sent } = setup(data);
    act(() => hook.result.current.bump(data.tickets[0]!));
    expect(sent()).toEqual([
      { id: 'a', status: 'ready' },
      { id: 'c', status: 'ready' },
    ]);
    expect(hook.result.current.undo?.title).toBe('Tavolo 4');
    act(() => vi.advanceTimersByTime(UNDO_MS - 1));
    expect(hook.result.current.undo).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(hook.result.current.undo).toBeNull();
  });

  it('undoes a bump through the outbox, leaving a dish served meanwhile as it is', () => {
    const data = dataOf([line('a', 'preparation'), line('b', 'preparation')]);
    const { hook, sent } = setup(data);
    act(() => hook.result.current.bump(data.tickets[0]!));
    // The bump applied; then a waiter served 'b' from a tablet.
    hook.rerender({ data: dataOf([line('a', 'ready'), line('b', 'completed')]) });
    act(() => hook.result.current.takeBack());
    expect(sent().slice(2)).toEqual([{ id: 'a', status: 'preparation' }]);
    expect(hook.result.current.undo).toBeNull();
  });

  it('taps a dish forward, and the tap that readies the last dish is a bump with its undo', () => {
    const data = dataOf([line('a', 'preparation'), line('b', 'preparation')]);
    const { hook, sent } = setup(data);
    const ticket = data.tickets[0]!;
    act(() => hook.result.current.tap(ticket, ticket.lines[0]!));
    expect(sent()).toEqual([{ id: 'a', status: 'ready' }]);
    expect(hook.result.current.undo).toBeNull();

    const next = dataOf([line('a', 'ready'), line('b', 'preparation')]);
    hook.rerender({ data: next });
    const last = next.tickets[0]!;
    act(() => hook.result.current.tap(last, last.lines.find((l) => l.id === 'b')!));
    expect(sent()[1]).toEqual({ id: 'b', status: 'ready' });
    expect(hook.result.current.undo?.changes).toEqual([{ id: 'b', from: 'preparation', to: 'ready' }]);
  });

  it("names a later round's undo with its round", () => {
    const later = { ...line('x', 'preparation'), createdAt: '2025-07-15T17:30:00.000Z' };
    const data = dataOf([line('a', 'ready'), line('b', 'preparation'), later]);
    const { hook } = setup(data);
    act(() => hook.result.current.bump(data.tickets[1]!));
    expect(hook.result.current.undo?.title).toBe('Tavolo 4 Giro 2');
  });

  it('a second bump replaces the first undo, which then stands', () => {
    const data = dataOf([
      line('a', 'preparation'),
      { ...line('x', 'preparation'), createdAt: '2025-07-15T17:30:00.000Z' },
    ]);
    const { hook } = setup(data);
    act(() => hook.result.current.bump(data.tickets[0]!));
    const first = hook.result.current.undo?.id;
    act(() => vi.advanceTimersByTime(UNDO_MS - 1000));
    act(() => hook.result.current.bump(data.tickets[1]!));
    expect(hook.result.current.undo?.id).not.toBe(first);
    // The new one has its own full time.
    act(() => vi.advanceTimersByTime(1000));
    expect(hook.result.current.undo).not.toBeNull();
  });

  it('tells a change the device could not queue', async () => {
    const data = dataOf([line('a', 'preparation'), line('b', 'preparation')]);
    const full = vi.fn(async (): Promise<number> => {
      throw new StorageError('quota', 'Memoria del dispositivo piena', null);
    });
    const { hook, fail } = setup(data, full);
    await act(async () => hook.result.current.tap(data.tickets[0]!, data.tickets[0]!.lines[0]!));
    expect(fail).toHaveBeenCalledWith('Memoria del dispositivo piena');
  });
});
