import { type OrderRow, t, tf } from '@comanda/shared-schema';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OrderViewDialog } from './order-view-dialog.tsx';
import { business, type line, order, press, renderWithSync, seed, T1 } from './test-harness.tsx';

afterEach(() => {
  cleanup();
});

const withOrder = (over: Partial<OrderRow>) =>
  seed.map((row) => (row.entity === 'order' ? { ...row, data: { ...order, ...over } } : row));

async function openConfirm(rows = seed) {
  await renderWithSync(<OrderViewDialog tableId={T1} onClose={() => {}} />, rows);
  // Named once the entry is read (it keeps its number 4 in these rows).
  const dialog = await screen.findByRole('dialog', { name: tf.table(4) });
  await press(within(dialog).getByRole('button', { name: t.completeOrder }));
  return within(dialog).getByRole('alertdialog', { name: t.completeOrderConfirm });
}

// The seed: 2 Margherita at 8,00 € and a Birra at 5,00 €, 21,00 €.
describe("the order view's 'Completa' says what to collect", { timeout: 30_000 }, () => {
  it('a table with a discount: NUOVO TOTALE, at the counter', async () => {
    const confirm = await openConfirm(withOrder({ sconto: 300 }));
    expect(confirm.textContent).toContain('Da incassare 18,00 €');
    expect(confirm.textContent).toContain('Pagamento: alla cassa');
  });

  it('a pickup paid at the counter, the owner marked it paid: nothing left', async () => {
    const rows = withOrder({ tableId: null, deliveryId: T1, tipo: 'Ritiro', statusPay: 1 }).map((row) =>
      row.entity === 'line'
        ? { ...row, data: { ...(row.data as ReturnType<typeof line>), tableId: null, deliveryId: T1 } }
        : row,
    );
    const confirm = await openConfirm(rows);
    expect(confirm.textContent).toContain('Niente da incassare');
    expect(confirm.textContent).toContain('Pagamento: alla cassa, al ritiro, già pagato (21,00 €)');
  });

  it('a card order never paid: collected on delivery, without the card fee', async () => {
    const rows = withOrder({
      tableId: null,
      deliveryId: T1,
      tipo: 'Consegna',
      costoConsegna: 250,
      paymentIntentId: 'pi_1',
      statusPay: 0,
    }).map((row) =>
      row.entity === 'line'
        ? { ...row, data: { ...(row.data as ReturnType<typeof line>), tableId: null, deliveryId: T1 } }
        : row.entity === 'business'
          ? { ...row, data: { ...business, costoConsegna: 250 } }
          : row,
    );
    const confirm = await openConfirm(rows);
    expect(confirm.textContent).toContain('Da incassare 23,50 €');
    expect(confirm.textContent).toContain('Pagamento: carta non pagata, alla consegna');
  });
});
