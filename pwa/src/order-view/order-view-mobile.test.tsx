import { t, tf } from '@comanda/shared-schema';
import { cleanup, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SnackbarProvider } from '../components/snackbar.tsx';
import { armedConfirm } from '../test/confirm.ts';
import { OrderViewDialog } from './order-view-dialog.tsx';
import { L1, ORDER, outbox, press, renderWithSync, T1, type } from './test-harness.tsx';

beforeEach(() => {
  // Under the 576 px breakpoint: the card layout.
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: true,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('OrderViewDialog on a phone', () => {
  it("shows cards; a quantity with '-' or '0' resets to 1", async () => {
    const { db } = await renderWithSync(<OrderViewDialog tableId={T1} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: tf.table(4) });
    expect(within(dialog).queryByRole('table')).toBeNull();
    expect(within(dialog).getByRole('list', { name: t.orderLines })).toBeTruthy();
    await press(within(dialog).getByRole('button', { name: t.edit }));
    const input = within(dialog).getByRole('textbox', {
      name: tf.amountOf('Margherita'),
    }) as HTMLInputElement;
    await type(input, '-2');
    expect(input.value).toBe('1');
    await type(input, '5');
    expect(input.value).toBe('5');
    await type(input, '0');
    expect(input.value).toBe('1');
    await press(within(dialog).getByRole('button', { name: t.finishEditing }));
    await vi.waitFor(async () => expect(await outbox(db)).toHaveLength(1));
    expect((await outbox(db))[0]?.body).toEqual({ tableId: T1, reservations: [{ id: L1, amount: 1 }] });
  });

  it('completes after confirmation naming the order and the version seen, by the order id too', async () => {
    const onClose = vi.fn();
    // As on the dashboard: the dialog goes away when it closes, the snackbar stays.
    function Screen() {
      const [open, setOpen] = useState(true);
      const close = () => {
        onClose();
        setOpen(false);
      };
      return (
        <SnackbarProvider>
          {open ? <OrderViewDialog tableId={ORDER} onClose={close} /> : null}
        </SnackbarProvider>
      );
    }
    const { db } = await renderWithSync(<Screen />);
    const dialog = await screen.findByRole('dialog', { name: tf.table(4) });
    await press(within(dialog).getByRole('button', { name: t.completeOrder }));
    // The confirmation's delay (spec 9) passes before 'Conferma' takes a tap.
    expect(within(dialog).getByRole('button', { name: t.confirm }).hasAttribute('disabled')).toBe(true);
    await press(await armedConfirm(dialog));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    // Done, said by the 2 s snackbar (spec 9) that outlives the dialog.
    expect(screen.getByRole('status', { name: t.confirmations }).textContent).toBe(
      tf.orderCompletedNotice(tf.table(4)),
    );
    const [entry] = await outbox(db);
    expect(entry?.name).toBe('dashboardTableHistory');
    // The server builds the history from its own lines: no lines or totals travel.
    expect(entry?.body).toEqual({ id: ORDER, seenVersion: expect.any(Number) });
  });
});
