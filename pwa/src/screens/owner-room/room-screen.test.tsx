import { KITCHEN_FILTER_STORAGE_KEY, t, tf } from '@comanda/shared-schema';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { armedConfirm } from '../../test/confirm.ts';
import { x, xf } from '../../texts-extra.ts';
import {
  BIZ,
  openManageRooms,
  outbox,
  press,
  renderRoom,
  SALA,
  TERRAZZA,
  table,
  type,
} from './room-test-harness.tsx';
import { sameSquare, type TableSquareProps } from './table-square.tsx';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/owner/room', () => {
  it('shows the rooms as tabs with the first selected, and its tables as Tavolo n', async () => {
    await renderRoom();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Sala', 'Terrazza']);
    expect(screen.getByRole('tab', { name: 'Sala' }).getAttribute('aria-selected')).toBe('true');
    const free = screen.getByRole('button', { name: tf.table(1) });
    const busy = screen.getByRole('button', { name: tf.table(2) });
    expect(free.closest('[data-status]')?.getAttribute('data-status')).toBe('free');
    expect(busy.closest('[data-status]')?.getAttribute('data-status')).toBe('busy');
    expect(free.closest('[data-locked]')?.getAttribute('data-locked')).toBe('true');
    // Locked by default: no add-table button.
    expect(screen.queryByRole('button', { name: t.addTable })).toBeNull();
  });

  it("resets the kitchen-area filter to 'tutto' on entry", async () => {
    localStorage.setItem(KITCHEN_FILTER_STORAGE_KEY, 'bar');
    await renderRoom();
    expect(localStorage.getItem(KITCHEN_FILTER_STORAGE_KEY)).toBe('tutto');
  });

  it('adds a room only with a valid name: an invalid one sends nothing and says why', async () => {
    const { db } = await renderRoom();
    const dialog = await openManageRooms();
    const field = within(dialog).getByRole('textbox', { name: t.newRoomName });
    for (const bad of ['   ', 'x'.repeat(100)]) {
      await type(field, bad);
      await press(within(dialog).getByRole('button', { name: t.addRoom }));
      expect(await within(dialog).findByText(t.invalidRoomName)).toBeTruthy();
    }
    expect(await outbox(db)).toHaveLength(0);
    await type(field, ' Giardino ');
    await press(within(dialog).getByRole('button', { name: t.addRoom }));
    await waitFor(async () => expect((await outbox(db)).map((e) => e.name)).toEqual(['roomsAdd']));
    const [entry] = await outbox(db);
    expect(entry?.body).toMatchObject({ name: 'Giardino' });
    await press(within(dialog).getByRole('button', { name: t.close }));
    expect(await screen.findByRole('tab', { name: 'Giardino' })).toBeTruthy();
  });

  it("refuses an empty rename with 'Nome vuoto o troppo lungo' and queues a valid one", async () => {
    const { db } = await renderRoom();
    const dialog = await openManageRooms();
    const field = within(dialog).getByRole('textbox', { name: xf.roomNameLabel('Terrazza') });
    await type(field, '');
    await press(within(dialog).getByRole('button', { name: xf.renameRoomLabel('Terrazza') }));
    expect(await within(dialog).findByText(t.invalidRoomName)).toBeTruthy();
    expect(await outbox(db)).toHaveLength(0);
    await type(field, 'Dehors');
    await press(within(dialog).getByRole('button', { name: xf.renameRoomLabel('Terrazza') }));
    await waitFor(async () => expect(await outbox(db)).toHaveLength(1));
    await press(within(dialog).getByRole('button', { name: t.close }));
    expect(await screen.findByRole('tab', { name: 'Dehors' })).toBeTruthy();
    expect((await outbox(db))[0]).toMatchObject({
      name: 'roomsEdit',
      body: { id: TERRAZZA, name: 'Dehors' },
    });
  });

  it('does not delete a room that holds tables', async () => {
    const { db } = await renderRoom();
    const dialog = await openManageRooms();
    await press(within(dialog).getByRole('button', { name: xf.deleteRoomLabel('Sala') }));
    expect(await within(dialog).findByText(t.roomNotEmpty)).toBeTruthy();
    expect(await outbox(db)).toHaveLength(0);
  });

  it('makes the first remaining room current when the current one is deleted', async () => {
    const { db } = await renderRoom();
    await press(screen.getByRole('tab', { name: 'Terrazza' }));
    expect(screen.getByRole('tab', { name: 'Terrazza' }).getAttribute('aria-selected')).toBe('true');
    const dialog = await openManageRooms();
    await press(within(dialog).getByRole('button', { name: xf.deleteRoomLabel('Terrazza') }));
    await waitFor(() =>
      expect(within(dialog).queryByRole('button', { name: xf.deleteRoomLabel('Terrazza') })).toBeNull(),
    );
    await press(within(dialog).getByRole('button', { name: t.close }));
    await waitFor(() => expect(screen.queryByRole('tab', { name: 'Terrazza' })).toBeNull());
    expect(screen.getByRole('tab', { name: 'Sala' }).getAttribute('aria-selected')).toBe('true');
    expect((await outbox(db))[0]).toMatchObject({ name: 'roomsDelete', body: { id: TERRAZZA } });
  });

  it('unlocks tables: dashed squares, add-table at 10, 70 in the current room', async () => {
    const { db } = await renderRoom();
    await press(screen.getByRole('switch', { name: t.manageTables }));
    const square = screen.getByRole('button', { name: tf.table(1) });
    expect(square.closest('[data-locked]')?.getAttribute('data-locked')).toBe('false');
    await press(screen.getByRole('button', { name: t.addTable }));
    expect(await screen.findByRole('button', { name: tf.table(3) })).toBeTruthy();
    expect((await outbox(db))[0]).toMatchObject({ name: 'tablesAdd', body: { roomId: SALA, x: 10, y: 70 } });
  });

  it('saves one move per drop, clamped to the canvas, and none while locked', async () => {
    const { db } = await renderRoom();
    const square = screen.getByRole('button', { name: tf.table(2) });
    const drag = async (dx: number, dy: number) => {
      await act(async () => {
        fireEvent.pointerDown(square, { pointerId: 1, isPrimary: true, button: 0, clientX: 0, clientY: 0 });
        for (let i = 1; i <= 30; i++) {
          fireEvent.pointerMove(square, { pointerId: 1, clientX: (dx * i) / 30, clientY: (dy * i) / 30 });
        }
        fireEvent.pointerUp(square, { pointerId: 1, clientX: dx, clientY: dy });
      });
    };
    await drag(200, 50);
    expect(await outbox(db)).toHaveLength(0);

    await press(screen.getByRole('switch', { name: t.manageTables }));
    await drag(200, 50);
    await waitFor(async () => expect(await outbox(db)).toHaveLength(1));
    expect((await outbox(db))[0]).toMatchObject({
      name: 'tablesSetCoords',
      body: { tableId: 't2', x: 1950, y: 350 },
    });
    await waitFor(() => expect(square.closest('[data-x]')?.getAttribute('data-x')).toBe('1950'));
  });

  it('moves a focused table with the arrow keys, one save per key release', async () => {
    const { db } = await renderRoom();
    await press(screen.getByRole('switch', { name: t.manageTables }));
    const square = screen.getByRole('button', { name: tf.table(1) });
    await act(async () => {
      for (let i = 0; i < 3; i++) fireEvent.keyDown(square, { key: 'ArrowRight' });
      fireEvent.keyUp(square, { key: 'ArrowRight' });
    });
    await waitFor(async () => expect(await outbox(db)).toHaveLength(1));
    expect((await outbox(db))[0]).toMatchObject({
      name: 'tablesSetCoords',
      body: { tableId: 't1', x: 130, y: 100 },
    });
  });

  it("deletes a free table after 'Conferma'; a table with orders offers no 'Elimina'", async () => {
    const { db } = await renderRoom();
    await press(screen.getByRole('button', { name: tf.table(2) }));
    let menu = await screen.findByRole('menu', { name: tf.table(2) });
    expect(within(menu).queryByRole('menuitem', { name: t.tableMenuDelete })).toBeNull();
    await act(async () => {
      fireEvent.keyDown(menu, { key: 'Escape' });
    });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());

    await press(screen.getByRole('button', { name: tf.table(1) }));
    menu = await screen.findByRole('menu', { name: tf.table(1) });
    expect(within(menu).getByRole('menuitem', { name: t.tableMenuOrder }).getAttribute('href')).toBe(
      `/owner/reservation/${BIZ}/t1`,
    );
    await press(within(menu).getByRole('menuitem', { name: t.tableMenuDelete }));
    const confirm = await screen.findByRole('alertdialog', { name: xf.deleteTableQuestion(1) });
    await press(await armedConfirm(confirm));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: t.confirmations }).textContent).toBe(
        tf.tableDeletedNotice(1),
      ),
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: tf.table(1) })).toBeNull());
    expect((await outbox(db))[0]).toMatchObject({ name: 'tablesDelete', body: { id: 't1' } });
  });

  it('flips the table status only after the server said yes, and not at all offline', async () => {
    let answer: () => void = () => undefined;
    const statusGate = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const { db, live, fetch } = await renderRoom({ statusGate });
    const statusOf1 = () =>
      screen
        .getByRole('button', { name: tf.table(1) })
        .closest('[data-status]')
        ?.getAttribute('data-status');
    await press(screen.getByRole('button', { name: tf.table(1) }));
    const menu = await screen.findByRole('menu', { name: tf.table(1) });
    await press(within(menu).getByRole('menuitem', { name: x.tableMarkBusy }));
    await waitFor(() =>
      expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/setStatus'))).toBe(true),
    );
    // Sent, not answered: the square still shows the old status.
    expect(statusOf1()).toBe('free');
    await act(async () => answer());
    await waitFor(() =>
      expect(
        screen
          .getByRole('button', { name: tf.table(1) })
          .closest('[data-status]')
          ?.getAttribute('data-status'),
      ).toBe('busy'),
    );
    const sent = fetch.mock.calls.find(([url]) => String(url).endsWith('/api/tables/owner/setStatus'));
    expect(JSON.parse(String((sent?.[1] as RequestInit | undefined)?.body))).toMatchObject({
      id: 't1',
      status: true,
    });
    // Not through the outbox: it waits for the server.
    expect(await outbox(db)).toHaveLength(0);

    act(() => live.status$.next('disconnected'));
    await press(screen.getByRole('button', { name: tf.table(1) }));
    const offlineMenu = await screen.findByRole('menu', { name: tf.table(1) });
    const item = within(offlineMenu).getByRole('menuitem', { name: new RegExp(x.tableMarkFree) });
    expect(item.getAttribute('aria-disabled')).toBe('true');
    expect(within(offlineMenu).getByText(x.tableStatusOffline)).toBeTruthy();
  });

  it('explains a change the server refused, in the words of the spec', async () => {
    const { db } = await renderRoom();
    await db.outbox.add({
      mutationId: 1,
      name: 'roomsDelete',
      body: { id: SALA },
      status: 'refused',
      ackVersion: null,
      ackedAt: null,
      error: t.roomNotEmpty,
      errorCode: 'ROOM_NOT_EMPTY',
      attempts: 1,
      createdAt: 0,
    });
    await db.outbox.add({
      mutationId: 2,
      name: 'tablesAdd',
      body: { id: 'x', roomId: TERRAZZA },
      status: 'refused',
      ackVersion: null,
      ackedAt: null,
      error: 'Sala non trovata',
      errorCode: 'NOT_FOUND',
      attempts: 1,
      createdAt: 0,
    });
    expect(await screen.findByText(t.roomNotEmpty)).toBeTruthy();
    expect(await screen.findByText(`${t.genericError}: Sala non trovata`)).toBeTruthy();
  });

  it("'Abilita ordini' shows the venue's flag and toggles it through the outbox", async () => {
    const { db } = await renderRoom();
    const toggle = screen.getByRole('switch', { name: t.enableOrders }) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    await press(toggle);
    await waitFor(() =>
      expect((screen.getByRole('switch', { name: t.enableOrders }) as HTMLInputElement).checked).toBe(false),
    );
    expect((await outbox(db))[0]).toMatchObject({ name: 'ownerOrderToggle', body: {} });
  });

  it('at 576 px or less shows a grid by number and hides the room buttons', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('576px'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    await renderRoom();
    expect(screen.queryByRole('button', { name: t.manageRooms })).toBeNull();
    expect(screen.queryByRole('switch', { name: t.manageTables })).toBeNull();
    const grid = screen.getByRole('list', { name: xf.roomLayout('Sala') });
    expect(
      within(grid)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual([tf.table(1), tf.table(2)]);
  });
});

describe('table squares', () => {
  it('do not re-render for a new but equal row (only the dragged one changes)', () => {
    const noop = async () => true;
    const base: TableSquareProps = {
      table: { ...table(1, SALA, 10, 10), hasOrders: false },
      layout: 'canvas',
      editable: true,
      ownerId: BIZ,
      canToggleStatus: true,
      statusBusy: false,
      onMove: noop,
      onRequestDelete: () => undefined,
      onToggleStatus: () => undefined,
      onView: () => undefined,
      onOpenAsCustomer: () => undefined,
    };
    expect(sameSquare(base, { ...base, table: { ...base.table } })).toBe(true);
    expect(sameSquare(base, { ...base, table: { ...base.table, x: 11 } })).toBe(false);
    expect(sameSquare(base, { ...base, editable: false })).toBe(false);
  });
});
