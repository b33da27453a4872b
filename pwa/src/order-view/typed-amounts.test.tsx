import { t, tf } from '@comanda/shared-schema';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OrderViewDialog } from './order-view-dialog.tsx';
import { L1, outbox, press, renderWithSync, T1, type } from './test-harness.tsx';

// The seeded order: 2 Margherita at 8,00 € and 1 Birra at 5,00 €, subtotal 21,00 €.

// Each test opens the whole order view against a device database: on a loaded 2-core machine
// that alone can pass the 5 s default.
const SLOW = { timeout: 20_000 };

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

async function openEditing() {
  const rendered = await renderWithSync(<OrderViewDialog tableId={T1} onClose={() => {}} />);
  const dialog = await screen.findByRole('dialog', { name: tf.table(4) });
  await press(within(dialog).getByRole('button', { name: t.edit }));
  return { ...rendered, dialog };
}

const totalsText = (dialog: HTMLElement) => within(dialog).getByLabelText(t.orderTotals).textContent ?? '';

async function enter(input: HTMLElement, value: string) {
  await type(input, value);
  await act(async () => {
    fireEvent.keyDown(input, { key: 'Enter' });
  });
}

async function leave(input: HTMLElement) {
  await act(async () => {
    fireEvent.focusIn(input);
    fireEvent.focusOut(input);
  });
}

describe('the discount typed or chosen as a percentage (spec 5 rules)', SLOW, () => {
  it('a typed 10 € discount is one entry, applied at Enter and saved with Termina', async () => {
    const { db, dialog } = await openEditing();
    const field = within(dialog).getByRole('textbox', { name: t.rowDiscount }) as HTMLInputElement;
    expect(field.value).toBe('0,00');
    await enter(field, '10');
    expect(field.value).toBe('10,00');
    expect(totalsText(dialog)).toContain(`${t.rowNewTotal}11,00 €`);
    await press(within(dialog).getByRole('button', { name: t.finishEditing }));
    await vi.waitFor(async () => expect((await outbox(db))[0]?.body).toMatchObject({ sconto: 1000 }));
  });

  it('takes the Italian comma to the cent, and the steppers go on from there', async () => {
    const { dialog } = await openEditing();
    const field = within(dialog).getByRole('textbox', { name: t.rowDiscount }) as HTMLInputElement;
    await type(field, '2,37');
    await leave(field);
    expect(totalsText(dialog)).toContain(`${t.rowNewTotal}18,63 €`);
    await press(within(dialog).getByRole('button', { name: t.increaseDiscount }));
    expect(field.value).toBe('2,87');
  });

  it('bad input says why in Italian and changes nothing', async () => {
    const { db, dialog } = await openEditing();
    const field = within(dialog).getByRole('textbox', { name: t.rowDiscount }) as HTMLInputElement;
    await enter(field, '5');
    for (const [text, message] of [
      ['21', tf.discountBelowSubtotal(2100)],
      ['30,00', tf.discountBelowSubtotal(2100)],
      ['-2', t.moneyNegative],
      ['1,234', t.moneyTooPrecise],
      ['dieci', t.moneyInvalid],
    ] as const) {
      await enter(field, text);
      expect(within(dialog).getByText(message)).toBeTruthy();
      expect(field.getAttribute('aria-invalid')).toBe('true');
      // The discount in force is still the last good one.
      expect(totalsText(dialog)).toContain(`${t.rowNewTotal}16,00 €`);
    }
    const results = await axe.run(dialog, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    // Escape puts the amount in force back and clears the message.
    await act(async () => {
      fireEvent.keyDown(field, { key: 'Escape' });
    });
    expect(field.value).toBe('5,00');
    expect(within(dialog).queryByText(t.moneyInvalid)).toBeNull();
    await press(within(dialog).getByRole('button', { name: t.finishEditing }));
    await vi.waitFor(async () => expect((await outbox(db))[0]?.body).toMatchObject({ sconto: 500 }));
  });

  it('quick percentages of the subtotal, rounded to the cent', async () => {
    const { db, dialog } = await openEditing();
    const quick = within(dialog).getByRole('group', { name: t.discountQuick });
    expect(
      within(quick)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['5%', '10%', '15%', '20%']);
    await press(within(quick).getByRole('button', { name: tf.discountPercent(10) }));
    expect(totalsText(dialog)).toContain(`${t.rowNewTotal}18,90 €`);
    await press(within(quick).getByRole('button', { name: tf.discountPercent(15) }));
    // 15% of 21,00 € = 3,15 €: between the 0,50 € steps, kept to the cent.
    expect((within(dialog).getByRole('textbox', { name: t.rowDiscount }) as HTMLInputElement).value).toBe(
      '3,15',
    );
    expect(totalsText(dialog)).toContain(`${t.rowNewTotal}17,85 €`);
    await press(within(dialog).getByRole('button', { name: t.finishEditing }));
    await vi.waitFor(async () => expect((await outbox(db))[0]?.body).toMatchObject({ sconto: 315 }));
  });
});

describe('a line price typed (spec 5 rules)', SLOW, () => {
  it('is saved with the autosave like a step; an empty or negative price changes nothing', async () => {
    const { db, dialog } = await openEditing();
    const price = within(dialog).getByRole('textbox', {
      name: tf.forDish(t.columnPrice, 'Margherita'),
    }) as HTMLInputElement;
    expect(price.value).toBe('8,00');
    await enter(price, '');
    expect(within(dialog).getByText(t.priceEmpty)).toBeTruthy();
    await enter(price, '-1');
    expect(within(dialog).getByText(t.moneyNegative)).toBeTruthy();
    expect(totalsText(dialog)).toContain(`${t.rowSubtotal}21,00 €`);

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await type(price, '9,25');
    await leave(price);
    expect(price.value).toBe('9,25');
    expect(totalsText(dialog)).toContain(`${t.rowSubtotal}23,50 €`);
    expect(await outbox(db)).toHaveLength(0);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3000);
    });
    vi.useRealTimers();
    await vi.waitFor(async () => expect(await outbox(db)).toHaveLength(1));
    expect((await outbox(db))[0]?.body).toEqual({ tableId: T1, reservations: [{ id: L1, price: 925 }] });
  });

  it('the arrow keys step by 0,50 € like the buttons', async () => {
    const { dialog } = await openEditing();
    const price = within(dialog).getByRole('textbox', { name: tf.forDish(t.columnPrice, 'Birra') });
    await act(async () => {
      fireEvent.keyDown(price, { key: 'ArrowUp' });
    });
    expect((price as HTMLInputElement).value).toBe('5,50');
    for (const _ of [1, 2]) {
      await act(async () => {
        fireEvent.keyDown(price, { key: 'ArrowDown' });
      });
    }
    expect((price as HTMLInputElement).value).toBe('4,50');
  });
});
