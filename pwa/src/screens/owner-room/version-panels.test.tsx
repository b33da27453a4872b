import { type OrderRow, type ReservationLine, t, tf } from '@comanda/shared-schema';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServerRow } from '../../data/db.ts';
import { BIZ, business, press, renderRoom, rows } from './room-test-harness.tsx';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const MIN = 60_000;
const ago = (minutes: number) => new Date(Date.now() - minutes * MIN - 10_000).toISOString();

function order(id: string, extra: Partial<OrderRow>): ServerRow {
  return {
    entity: 'order',
    entityId: id,
    data: { id, accettato: 1, isCalled: false, businessId: BIZ, status: 1, ...extra } satisfies OrderRow,
  };
}

function line(
  id: string,
  key: { tableId?: string; deliveryId?: string },
  price: number,
  amount: number,
): ServerRow {
  const data: ReservationLine = {
    id,
    ...key,
    dishId: null,
    name: `Piatto ${id}`,
    price,
    amount,
    variant: [],
    selected_option: 'cucina',
    status: 'preparation',
    printed: 0,
    accettato: 1,
    lastUpdate: ago(1),
    createdAt: ago(id === 'l1' ? 42 : 5),
  };
  return { entity: 'line', entityId: id, data };
}

/**
 * When the deliveries were placed: a fixed afternoon, not "minutes ago". Their due times are read
 * from when they were placed (a time well before it is the next day's, spec 9), so placed late in
 * the evening of the run, 20:30 would fall after 21:00 and the order of the list would depend on
 * the hour the suite runs.
 */
const PLACED_AT_EVENING = '2025-07-15T16:30:00.000Z';

/** Table 2 (Sala) open 42 minutes: 2 x 8,00 € with 1,00 € off; two deliveries of the evening. */
const evening: ServerRow[] = [
  ...rows,
  order('o2', { tableId: 't2', number: 2, sconto: 100, createdAt: ago(42) }),
  line('l1', { tableId: 't2' }, 800, 2),
  order('d1', {
    deliveryId: 'd1',
    tipo: 'Consegna',
    orario: '21:00',
    nome: 'Anna',
    comune: 'Avella',
    costoConsegna: 250,
    createdAt: PLACED_AT_EVENING,
  }),
  line('l2', { deliveryId: 'd1' }, 1000, 1),
  order('d2', {
    deliveryId: 'd2',
    tipo: 'Ritiro',
    orario: '20:30',
    nome: 'Bruno',
    accettato: 0,
    createdAt: PLACED_AT_EVENING,
  }),
  line('l3', { deliveryId: 'd2' }, 600, 1),
];

const panel = (name: string) => screen.findByRole('region', { name });

describe('the room screen panels (spec 2.4)', () => {
  it('version 1: the current room at a glance, from the open orders', async () => {
    await renderRoom({ version: 1, seed: evening });
    const glance = await panel(tf.roomGlanceTitle('Sala'));
    const value = (label: string) => within(glance).getByText(label).nextElementSibling?.textContent;
    expect(value(t.glanceBusyTables)).toBe(tf.countOf(1, 2));
    // The table's total as every screen shows it: 16,00 € less the 1,00 € discount.
    expect(value(t.glanceOpenTotal)).toBe('15,00 €');
    expect(value(t.glanceLongestWait)).toBe(`${tf.table(2)} · ${tf.openFor(42)}`);
    expect(value(t.glanceCalls)).toBe('0');
    expect(screen.queryByRole('region', { name: t.eveningTitle })).toBeNull();
  });

  it('version 2: the deliveries and pickups by time, the ones to accept marked', async () => {
    await renderRoom({ version: 2, seed: evening });
    const list = await panel(t.eveningTitle);
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('.evening-time')?.textContent)).toEqual(['20:30', '21:00']);
    expect(within(items[0] as HTMLElement).getByText(t.eveningToAccept)).toBeTruthy();
    expect(within(items[0] as HTMLElement).getByText('6,00 €')).toBeTruthy();
    // The delivery fee is in what the customer pays.
    expect(within(items[1] as HTMLElement).getByText('12,50 €')).toBeTruthy();
    expect(within(items[1] as HTMLElement).queryByText(t.eveningToAccept)).toBeNull();
    expect(screen.queryByRole('region', { name: tf.roomGlanceTitle('Sala') })).toBeNull();
  });

  it('version 3 shows both; the version on the venue row wins over the remembered answer', async () => {
    await renderRoom({ version: 3, seed: evening });
    expect(await panel(tf.roomGlanceTitle('Sala'))).toBeTruthy();
    expect(await panel(t.eveningTitle)).toBeTruthy();
    cleanup();
    const withRow = evening.map((r) =>
      r.entity === 'business' ? { ...r, data: { ...business, userVersion: 2 } } : r,
    );
    await renderRoom({ version: 1, seed: withRow });
    expect(await panel(t.eveningTitle)).toBeTruthy();
    expect(screen.queryByRole('region', { name: tf.roomGlanceTitle('Sala') })).toBeNull();
  });

  it('with nothing open the panels say so', async () => {
    await renderRoom({ version: 3 });
    const glance = await panel(tf.roomGlanceTitle('Sala'));
    expect(within(glance).getByText(t.glanceNone)).toBeTruthy();
    expect(within(await panel(t.eveningTitle)).getByText(t.eveningEmpty)).toBeTruthy();
  });
});

describe("the table menu's Visualizza", () => {
  it('opens the order view of the table on the room screen', async () => {
    await renderRoom({ seed: evening });
    await press(screen.getByRole('button', { name: tf.table(2) }));
    const menu = await screen.findByRole('menu', { name: tf.table(2) });
    await press(within(menu).getByRole('menuitem', { name: t.tableMenuView }));
    const dialog = await screen.findByRole('dialog', { name: tf.table(2) });
    await waitFor(() => expect(within(dialog).getAllByText('Piatto l1').length).toBeGreaterThan(0));
  });
});
