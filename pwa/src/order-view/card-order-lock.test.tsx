import { type OrderRow, t, tf } from '@comanda/shared-schema';
import { cleanup, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServerRow } from '../data/db.ts';
import { OrderViewDialog } from './order-view-dialog.tsx';
import { OutOfMenuDialog } from './out-of-menu-dialog.tsx';
import { L2, line, order, outbox, press, renderWithSync, seed, T1 } from './test-harness.tsx';

// A card order costs what its payment charged: the server refuses (409, t.cardOrderAmountsLocked)
// every price, quantity, delete or restore edit and every added line on an order with a payment
// intent; the owner is not offered them.

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

const cardOrder: OrderRow = { ...order, paymentIntentId: 'pi_1' };

/** The seed with the order paid by card and Birra deleted (before the lock existed). */
const cardSeed: ServerRow[] = [
  ...seed.filter((r) => r.entity !== 'order' && r.entityId !== L2),
  { entity: 'order', entityId: order.id, data: cardOrder },
  {
    entity: 'line',
    entityId: L2,
    data: line(L2, 'Birra', 500, 1, { selected_option: 'bar', status: 'owner_deleted' }),
  },
];

/** Every control that changes what the order costs, by its accessible name. */
const amountControls = (dish: string) => [
  tf.forDish(t.increaseQuantity, dish),
  tf.forDish(t.decreaseQuantity, dish),
  tf.forDish(t.menuIncreasePrice, dish),
  tf.forDish(t.menuDecreasePrice, dish),
  tf.forDish(t.menuDelete, dish),
  tf.forDish(t.restore, dish),
];

describe('OrderViewDialog on a card order', () => {
  it('offers no quantity, price, delete or restore control and says why', async () => {
    const { db } = await renderWithSync(<OrderViewDialog tableId={T1} onClose={() => {}} />, cardSeed);
    const dialog = await screen.findByRole('dialog', { name: tf.table(4) });
    const note = within(dialog).getByRole('note');
    expect(note.textContent).toBe(t.cardOrderAmountsLocked);
    const modify = within(dialog).getByRole('button', { name: t.edit });
    expect(modify.hasAttribute('disabled')).toBe(true);
    expect(modify.getAttribute('aria-describedby')).toBe(note.id);
    // A press on the disabled button changes nothing: still no edit controls, no 'Termina'.
    await press(modify);
    expect(within(dialog).queryByRole('button', { name: t.finishEditing })).toBeNull();
    expect(within(dialog).queryByRole('columnheader', { name: t.columnActions })).toBeNull();
    for (const dish of ['Margherita', 'Birra']) {
      for (const name of amountControls(dish))
        expect(within(dialog).queryByRole('button', { name })).toBeNull();
    }
    // What the order is stays readable; the other actions remain.
    expect(within(dialog).getByRole('table', { name: t.orderLines }).textContent).toContain('Margherita');
    expect(within(dialog).getByRole('button', { name: t.completeOrder })).toBeTruthy();
    expect(await outbox(db)).toHaveLength(0);
    expect(await seriousViolations()).toEqual([]);
  });

  it('on a phone too: no quantity field', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: true,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    await renderWithSync(<OrderViewDialog tableId={T1} onClose={() => {}} />, cardSeed);
    const dialog = await screen.findByRole('dialog', { name: tf.table(4) });
    expect(within(dialog).getByRole('list', { name: t.orderLines })).toBeTruthy();
    expect(within(dialog).getByRole('note').textContent).toBe(t.cardOrderAmountsLocked);
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: tf.forDish(t.menuDelete, 'Margherita') })).toBeNull();
  });

  it('a cash order keeps every control and shows no note', async () => {
    await renderWithSync(<OrderViewDialog tableId={T1} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: tf.table(4) });
    expect(within(dialog).queryByRole('note')).toBeNull();
    expect(within(dialog).queryByText(t.cardOrderAmountsLocked)).toBeNull();
    await press(within(dialog).getByRole('button', { name: t.edit }));
    for (const name of amountControls('Margherita').filter((n) => !n.startsWith(t.restore))) {
      expect(within(dialog).getByRole('button', { name })).toBeTruthy();
    }
    expect(within(dialog).getByRole('button', { name: t.increaseDiscount })).toBeTruthy();
  });
});

describe('OutOfMenuDialog on a card order', () => {
  it('shows the note instead of the form and queues nothing', async () => {
    const onClose = vi.fn();
    const { db } = await renderWithSync(<OutOfMenuDialog tableId={T1} onClose={onClose} />, cardSeed);
    const dialog = await screen.findByRole('dialog', { name: t.outOfMenu });
    const note = await within(dialog).findByRole('note');
    expect(note.textContent).toBe(t.cardOrderAmountsLocked);
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: t.addOutOfMenu })).toBeNull();
    expect(await seriousViolations()).toEqual([]);
    await press(within(dialog).getByRole('button', { name: t.close }));
    expect(onClose).toHaveBeenCalled();
    expect(await outbox(db)).toHaveLength(0);
  });

  it('a cash order keeps the form', async () => {
    await renderWithSync(<OutOfMenuDialog tableId={T1} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: t.outOfMenu });
    expect(within(dialog).getByRole('button', { name: t.addOutOfMenu })).toBeTruthy();
    expect(within(dialog).queryByRole('note')).toBeNull();
  });
});
