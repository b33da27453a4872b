import { t, tf } from '@comanda/shared-schema';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { xf } from '../../texts-extra.ts';
import {
  BIZ,
  business,
  line,
  order,
  outbox,
  press,
  renderTables,
  rows,
  SALA,
  table,
  type,
} from './tables-test-harness.tsx';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function seriousViolations(): Promise<string[]> {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The cards in the order drawn, as 'Tavolo n'. */
const cardNames = () => screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);

const card = (n: number) => {
  const heading = screen.getByRole('heading', { level: 3, name: tf.table(n) });
  const li = heading.closest('li');
  if (!li) throw new Error(`no card for table ${n}`);
  return li as HTMLElement;
};

describe('/owner/tables', () => {
  it('lists every table of every room, occupied first with a calling table on top', async () => {
    await renderTables();
    expect(cardNames()).toEqual([tf.table(3), tf.table(2), tf.table(1), tf.table(10)]);
    expect(screen.getByText(tf.countOf(2, 4))).toBeTruthy();

    const two = card(2);
    expect(two.dataset.state).toBe('busy');
    expect(within(two).getByText(t.tableOccupied)).toBeTruthy();
    expect(within(two).getByText('Sala')).toBeTruthy();
    // 2 x 8,00 € + 3,50 €, less the 1,50 € discount: the total every screen shows.
    expect(within(two).getByText('18,00 €')).toBeTruthy();
    // Open since its oldest line, 25 minutes ago; three dishes.
    expect(within(two).getByText(tf.openFor(25))).toBeTruthy();
    expect(within(two).getByText(new RegExp(tf.dishesCount(3)))).toBeTruthy();

    const three = card(3);
    expect(within(three).getByText('Dehors')).toBeTruthy();
    expect(within(three).getByText(t.tableCalling)).toBeTruthy();

    const one = card(1);
    expect(one.dataset.state).toBe('free');
    expect(within(one).getByText(t.tableFree)).toBeTruthy();
    expect(within(one).queryByText(t.tableOpenTotal)).toBeNull();
  });

  // axe walks the whole page: slow on a busy machine.
  it('has no serious accessibility violation', { timeout: 30_000 }, async () => {
    await renderTables();
    expect(await seriousViolations()).toEqual([]);
  });

  it('goes room by room when asked, and remembers it', async () => {
    await renderTables();
    await press(screen.getByRole('radio', { name: t.tablesByRoom }));
    const sala = screen.getByRole('region', { name: 'Sala' });
    const dehors = screen.getByRole('region', { name: 'Dehors' });
    expect(
      within(sala)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual([tf.table(1), tf.table(2), tf.table(10)]);
    expect(
      within(dehors)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual([tf.table(3)]);
    cleanup();
    await renderTables();
    expect(screen.getByRole('radio', { name: t.tablesByRoom }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('region', { name: 'Dehors' })).toBeTruthy();
  });

  it('finds a table by the number typed, or says there is none', async () => {
    await renderTables();
    const search = screen.getByRole('searchbox', { name: t.tablesSearchLabel });
    await type(search, '1');
    expect(cardNames()).toEqual([tf.table(1), tf.table(10)]);
    await type(search, '3');
    expect(cardNames()).toEqual([tf.table(3)]);
    await type(search, '7');
    expect(screen.getByText(t.noTableMatches)).toBeTruthy();
    await type(search, 'deh');
    expect(cardNames()).toEqual([tf.table(3)]);
  });

  it("'Visualizza' opens the table's order view; a free table has none to open", async () => {
    await renderTables();
    const free = within(card(1)).getByRole('button', { name: tf.tableAction(t.tableMenuView, 1) });
    expect(free.hasAttribute('disabled') || free.getAttribute('aria-disabled') === 'true').toBe(true);
    await press(within(card(2)).getByRole('button', { name: tf.tableAction(t.tableMenuView, 2) }));
    const dialog = await screen.findByRole('dialog', { name: tf.table(2) });
    await waitFor(() => expect(within(dialog).getAllByText('Piatto l1').length).toBeGreaterThan(0));
  });

  it("'Ordina' opens the menu ordering for that table", async () => {
    const { router } = await renderTables();
    const link = within(card(1)).getByRole('link', { name: tf.tableAction(t.tableMenuOrder, 1) });
    expect(link.getAttribute('href')).toBe(`/owner/reservation/${BIZ}/t1`);
    await press(link);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/owner/reservation/${BIZ}/t1`));
    expect(await screen.findByText(`ordering ${BIZ} t1`)).toBeTruthy();
  });

  it("'Servito' answers a waiter call through the outbox, and the mark goes at once", async () => {
    const { db } = await renderTables();
    await press(within(card(3)).getByRole('button', { name: tf.tableAction(t.dismissWaiterCall, 3) }));
    await waitFor(() => expect(within(card(3)).queryByText(t.tableCalling)).toBeNull());
    expect((await outbox(db)).map((e) => [e.name, e.body])).toEqual([
      ['dashboardCallDiscard', { tableId: 't3' }],
    ]);
  });

  it("shows one table's QR code with its link, or all of them to print", async () => {
    await renderTables();
    await press(within(card(2)).getByRole('button', { name: xf.qrAlt(2) }));
    const one = await screen.findByRole('dialog', { name: tf.qrOneTitle(2) });
    expect(await within(one).findByRole('img', { name: xf.qrAlt(2) })).toBeTruthy();
    expect(within(one).getByText(`${location.origin}/user/reservation/${BIZ}/t2`)).toBeTruthy();
    await press(within(one).getByRole('button', { name: t.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await press(screen.getByRole('button', { name: t.allTablesQr }));
    const all = await screen.findByRole('dialog', { name: t.allTablesQr });
    const images = await within(all).findAllByRole('img');
    expect(images.map((img) => img.getAttribute('alt'))).toEqual([1, 2, 10, 3].map((n) => xf.qrAlt(n)));
    // Several rooms: each code says which room its table is in.
    expect(within(all).getAllByText('Dehors')).toHaveLength(1);
  });

  it('follows the device database live: a new order turns a free table occupied', async () => {
    const { db } = await renderTables();
    expect(card(1).dataset.state).toBe('free');
    await act(async () => {
      await db.serverRows.bulkPut([
        order(1, { createdAt: new Date().toISOString() }),
        line('l9', 1, 1200, 1, 0),
      ]);
    });
    await waitFor(() => expect(card(1).dataset.state).toBe('busy'));
    expect(within(card(1)).getByText('12,00 €')).toBeTruthy();
    expect(cardNames()).toEqual([tf.table(3), tf.table(1), tf.table(2), tf.table(10)]);
  });

  it('without tables, says where to add them', async () => {
    await renderTables({
      seed: [
        { entity: 'business', entityId: BIZ, data: business },
        { entity: 'room', entityId: SALA, data: { id: SALA, name: 'Sala', position: 1 } },
      ],
    });
    expect(screen.getByText(t.noTablesYet)).toBeTruthy();
    expect(screen.getByRole('link', { name: t.goToRoom }).getAttribute('href')).toBe('/owner/room');
    expect(screen.getByRole('button', { name: t.allTablesQr }).hasAttribute('disabled')).toBe(true);
  });

  it('leaves out a table whose room is gone', async () => {
    await renderTables({ seed: [...rows, table(4, '33333333-3333-4333-8333-333333333333')] });
    expect(screen.queryByRole('heading', { level: 3, name: tf.table(4) })).toBeNull();
  });
});
