import { t, tf } from '@comanda/shared-schema';
import { act, cleanup, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OrderViewDialog } from './order-view-dialog.tsx';
import { OutOfMenuDialog } from './out-of-menu-dialog.tsx';
import { L1, L2, order, outbox, press, renderWithSync, seed, T1, type } from './test-harness.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

async function seriousViolations(): Promise<string[]> {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('OutOfMenuDialog', () => {
  it('shows every message of spec 5 and queues nothing', async () => {
    const onClose = vi.fn();
    const { db } = await renderWithSync(<OutOfMenuDialog tableId={T1} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: t.outOfMenu });
    await press(within(dialog).getByRole('button', { name: t.addOutOfMenu }));
    expect(await within(dialog).findByText(t.describeRequest)).toBeTruthy();
    expect(within(dialog).getByText(t.priceEmpty)).toBeTruthy();
    expect(within(dialog).getByText(t.chooseKind)).toBeTruthy();
    await type(within(dialog).getByRole('textbox', { name: t.outOfMenuDescription }), 'x'.repeat(151));
    await press(within(dialog).getByRole('button', { name: t.addOutOfMenu }));
    expect(await within(dialog).findByText(t.descriptionTooLong)).toBeTruthy();
    expect(await outbox(db)).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
    expect(await seriousViolations()).toEqual([]);
  });

  it('queues dashboardTableOutOfMenuAdd with a client id, then closes', async () => {
    const onClose = vi.fn();
    const { db } = await renderWithSync(<OutOfMenuDialog tableId={T1} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: t.outOfMenu });
    await type(within(dialog).getByRole('textbox', { name: t.outOfMenuDescription }), 'Caffè corretto');
    await press(within(dialog).getByRole('button', { name: t.menuIncreasePrice }));
    await press(within(dialog).getByRole('button', { name: t.menuIncreasePrice }));
    const price = within(dialog).getByRole('textbox', { name: t.outOfMenuPrice }) as HTMLInputElement;
    expect(price.value).toBe('1,00');
    await type(price, '2,50');
    await press(within(dialog).getByRole('radio', { name: t.kitchenAreaBar }));
    await press(within(dialog).getByRole('button', { name: t.addOutOfMenu }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    const [entry] = await outbox(db);
    expect(entry?.name).toBe('dashboardTableOutOfMenuAdd');
    expect(entry?.body).toMatchObject({
      tableId: T1,
      line: { name: 'Caffè corretto', price: 250, amount: 1, selected_option: 'bar' },
    });
    expect((entry?.body as { id?: string } | undefined)?.id).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('OrderViewDialog', () => {
  it('shows the lines and the totals rows, hiding Azioni until editing', async () => {
    await renderWithSync(<OrderViewDialog tableId={T1} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: tf.table(4) });
    const table = within(dialog).getByRole('table', { name: t.orderLines });
    expect(within(table).queryByRole('columnheader', { name: t.columnActions })).toBeNull();
    for (const h of [t.columnQuantity, t.columnName, t.columnVariant, t.columnNote, t.columnPrice]) {
      expect(within(table).getByRole('columnheader', { name: h })).toBeTruthy();
    }
    const totals = within(dialog).getByLabelText(t.orderTotals);
    expect(totals.textContent).toContain(`${t.rowSubtotal}21,00 €`);
    expect(totals.textContent).toContain(`${t.rowTotal}21,00 €`);
    expect(totals.textContent).toContain(t.rowNewTotal);
    expect(totals.textContent).not.toContain(t.rowDeliveryCost);
    await press(within(dialog).getByRole('button', { name: t.edit }));
    expect(within(table).getByRole('columnheader', { name: t.columnActions })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: t.finishEditing })).toBeTruthy();
    expect(await seriousViolations()).toEqual([]);
  });

  it('autosaves a quantity change once, naming only that line, and applies the limits', async () => {
    const { db } = await renderWithSync(<OrderViewDialog tableId={T1} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: tf.table(4) });
    await press(within(dialog).getByRole('button', { name: t.edit }));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const minusBirra = within(dialog).getByRole('button', { name: tf.forDish(t.decreaseQuantity, 'Birra') });
    expect(minusBirra.hasAttribute('disabled') || minusBirra.getAttribute('data-disabled') !== null).toBe(
      true,
    );
    await press(within(dialog).getByRole('button', { name: tf.forDish(t.increaseQuantity, 'Margherita') }));
    await press(within(dialog).getByRole('button', { name: tf.forDish(t.increaseQuantity, 'Margherita') }));
    expect(within(dialog).getByLabelText(t.orderTotals).textContent).toContain(`${t.rowSubtotal}37,00 €`);
    expect(await outbox(db)).toHaveLength(0);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3000);
    });
    vi.useRealTimers();
    await vi.waitFor(async () => expect(await outbox(db)).toHaveLength(1));
    const [entry] = await outbox(db);
    expect(entry?.body).toEqual({ tableId: T1, reservations: [{ id: L1, amount: 4 }] });
  });

  it('hides the discount with a payment intent and shows the delivery and service rows', async () => {
    const paid = { ...order, paymentIntentId: 'pi_1', tipo: 'Consegna' as const, costoConsegna: 300 };
    await renderWithSync(<OrderViewDialog tableId={T1} onClose={() => {}} />, [
      ...seed.filter((r) => r.entity !== 'order'),
      { entity: 'order', entityId: order.id, data: paid },
    ]);
    const dialog = await screen.findByRole('dialog', { name: tf.table(4) });
    const totals = within(dialog).getByLabelText(t.orderTotals).textContent ?? '';
    expect(totals).toContain(`${t.rowDeliveryCost}3,00 €`);
    expect(totals).toContain(t.rowServiceCosts);
    expect(totals).not.toContain(t.rowDiscount);
  });

  it('delete is saved about 1 s after, and Termina saves at once', async () => {
    const { db } = await renderWithSync(<OrderViewDialog tableId={T1} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: tf.table(4) });
    await press(within(dialog).getByRole('button', { name: t.edit }));
    await press(within(dialog).getByRole('button', { name: tf.forDish(t.menuDelete, 'Birra') }));
    expect(within(dialog).getByRole('button', { name: tf.forDish(t.restore, 'Birra') })).toBeTruthy();
    await vi.waitFor(async () => expect(await outbox(db)).toHaveLength(1), { timeout: 3000 });
    expect((await outbox(db))[0]?.body).toEqual({
      tableId: T1,
      reservations: [{ id: L2, status: 'owner_deleted' }],
    });
    await press(within(dialog).getByRole('button', { name: t.increaseDiscount }));
    await press(within(dialog).getByRole('button', { name: t.finishEditing }));
    await vi.waitFor(async () => expect((await outbox(db))[0]?.body).toMatchObject({ sconto: 50 }));
    expect(await outbox(db)).toHaveLength(1);
  });
});
