import { t } from '@comanda/shared-schema';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { beep } from '../../data/sound.ts';
import { armedConfirm } from '../../test/confirm.ts';
import { FakeSocket } from '../../test/fake-socket.ts';
import { press } from '../../test/owner-screen.tsx';
import { dline, lucia, renderDesk } from './desk-test-harness.tsx';

vi.mock('../../data/sound.ts', () => ({ beep: vi.fn() }));

afterEach(() => {
  cleanup();
  vi.mocked(beep).mockClear();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const section = (name: RegExp) => screen.getByRole('region', { name });
const card = (scope: HTMLElement, name: RegExp) => within(scope).getByRole('article', { name });
const LUCIA = /Consegna 20:00 Lucia Bianchi/;

describe('owner delivery desk', () => {
  it('lists pending deliveries and pickups oldest first, with everything the owner needs', async () => {
    await renderDesk();
    const pending = section(/Da accettare \(2\)/);
    const titles = within(pending)
      .getAllByRole('article')
      .map((a) => within(a).getByRole('heading').textContent);
    expect(titles).toEqual(['Ritiro Prima possibile (19:45) Mario', 'Consegna 20:00 Lucia Bianchi']);

    const c = card(pending, LUCIA);
    expect(within(c).getByRole('link', { name: '3331234567' }).getAttribute('href')).toBe('tel:3331234567');
    for (const text of [
      'Via Roma 1',
      'Avella',
      'lucia@example.it',
      'citofono Bianchi',
      'Maxi',
      'ben cotta',
    ]) {
      expect(within(c).getByText(text, { exact: false })).toBeTruthy();
    }
    const lines = within(c).getByRole('list', { name: t.orderLines });
    expect(
      within(lines)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1× Birra 4,50 €', '2× Margherita Maxi ben cotta 10,00 €']);
    const totals = within(c).getByLabelText(t.orderTotals);
    expect(totals.textContent).toBe('Subtotale14,50 €Costo consegna2,50 €TOTALE17,00 €');
    expect(within(c).getByText(t.paymentMethodCash)).toBeTruthy();
    const pay = within(c).getByRole('radiogroup', { name: /Stato del pagamento/ });
    expect(within(pay).getByRole('radio', { name: t.notPaid }).getAttribute('aria-checked')).toBe('true');

    // A pickup has no fee row.
    const ritiro = card(pending, /Ritiro/);
    expect(within(ritiro).queryByText(t.rowDeliveryCost)).toBeNull();

    // Today's accepted one, separately; the one left open from days ago and the table are not here.
    const accepted = section(/Accettati oggi, ancora aperti \(1\)/);
    expect(card(accepted, /Anna Verdi/)).toBeTruthy();
    expect(within(accepted).queryByRole('button', { name: /Accetta/ })).toBeNull();
    expect(screen.queryByText(/Vecchio/)).toBeNull();
  });

  it('accepts through the outbox: the order leaves the list at once and shows among the accepted', async () => {
    const { db } = await renderDesk();
    await press(screen.getByRole('button', { name: `${t.accept} Consegna 20:00 Lucia Bianchi` }));
    // A quick confirmation: the 2 s snackbar of spec 9, not a toast.
    const snackbar = screen.getByRole('status', { name: t.confirmations });
    await waitFor(() => expect(snackbar.textContent).toBe(t.deliveryAcceptedNotice));
    await screen.findByRole('region', { name: /Da accettare \(1\)/ });
    expect(card(section(/Accettati oggi/), LUCIA)).toBeTruthy();
    const queued = await db.outbox.toArray();
    expect(queued.map((e) => [e.name, e.body])).toEqual([['deliveryAccept', { deliveryId: 'd1' }]]);
  });

  it('rejects only after confirmation, with the version the tablet saw', async () => {
    const { db } = await renderDesk();
    await press(screen.getByRole('button', { name: `${t.reject} Consegna 20:00 Lucia Bianchi` }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain(t.rejectDeliveryConfirm);
    await press(within(dialog).getByRole('button', { name: t.cancel }));
    expect(await db.outbox.count()).toBe(0);

    await press(screen.getByRole('button', { name: `${t.reject} Consegna 20:00 Lucia Bianchi` }));
    await press(await armedConfirm(await screen.findByRole('alertdialog')));
    expect(screen.getByRole('status', { name: t.confirmations }).textContent).toBe(t.deliveryRejectedNotice);
    await screen.findByRole('region', { name: /Da accettare \(1\)/ });
    expect(screen.queryByRole('article', { name: LUCIA })).toBeNull();
    const queued = await db.outbox.toArray();
    expect(queued.map((e) => [e.name, e.body])).toEqual([
      ['deliveryReject', { deliveryId: 'd1', seenVersion: 7 }],
    ]);
  });

  it('changes the payment status through the outbox', async () => {
    const { db } = await renderDesk();
    const pay = within(card(section(/Da accettare/), LUCIA)).getByRole('radiogroup');
    await press(within(pay).getByRole('radio', { name: t.paid }));
    await waitFor(() =>
      expect(
        within(within(card(section(/Da accettare/), LUCIA)).getByRole('radiogroup'))
          .getByRole('radio', { name: t.paid })
          .getAttribute('aria-checked'),
      ).toBe('true'),
    );
    const queued = await db.outbox.toArray();
    expect(queued.map((e) => [e.name, e.body])).toEqual([
      ['deliveryChangeStatusPay', { deliveryId: 'd1', status: 1 }],
    ]);
  });

  it("a refused accept comes back to the list and says the server's reason", async () => {
    const { db } = await renderDesk();
    await press(screen.getByRole('button', { name: `${t.accept} Consegna 20:00 Lucia Bianchi` }));
    await screen.findByRole('region', { name: /Da accettare \(1\)/ });
    const [entry] = await db.outbox.toArray();
    if (!entry) throw new Error('nothing queued');
    await act(async () => {
      await db.outbox.update(entry.mutationId, {
        status: 'refused',
        error: t.deliveryAlreadyRemoved,
        errorCode: 'ALREADY_DECIDED',
      });
    });
    await screen.findByRole('region', { name: /Da accettare \(2\)/ });
    expect(card(section(/Da accettare/), LUCIA)).toBeTruthy();
    expect(await screen.findByText(`${t.changeRefused}: ${t.deliveryAlreadyRemoved}`)).toBeTruthy();
  });

  it('a new delivery announced live lights up and beeps once, though the count event follows', async () => {
    const { live, db } = await renderDesk();
    await waitFor(() => expect(live.socketId).toBe('sock-1'));
    const fresh = { ...lucia, id: 'd9', deliveryId: 'd9', nome: 'Paolo', cognome: 'Neri', orario: '21:00' };
    const line = dline('l9', 'd9', 'Calzone');
    // The live event arrives; catch-up then brings the rows (here written as catch-up would).
    await act(async () => {
      FakeSocket.last?.push('order', { table: { ...fresh, reservations: [line] } });
      FakeSocket.last?.push('updateCountDelivery', { count: 3 });
      await db.serverRows.bulkPut([
        { entity: 'order', entityId: 'd9', data: fresh },
        { entity: 'line', entityId: 'l9', data: line },
      ]);
    });
    expect(beep).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Nuovo ordine: Consegna 21:00 Paolo Neri')).toBeTruthy();
    const c = await screen.findByRole('article', { name: /Paolo Neri/ });
    expect(c.className).toContain('desk-card-new');

    // Another tablet accepting an order announces it too: no ring for that.
    await act(async () => {
      FakeSocket.last?.push('order', { table: { ...fresh, accettato: 1, reservations: [] } });
    });
    expect(beep).toHaveBeenCalledTimes(1);
    live.stop();
  });

  it('a count that rises with no order event rings; one that falls does not', async () => {
    const { live } = await renderDesk();
    await waitFor(() => expect(live.socketId).toBe('sock-1'));
    await act(async () => FakeSocket.last?.push('updateCountDelivery', { count: 1 }));
    expect(beep).not.toHaveBeenCalled();
    await act(async () => FakeSocket.last?.push('updateCountDelivery', { count: 3 }));
    expect(beep).toHaveBeenCalledTimes(1);
    live.stop();
  });

  it('repeats the alert every 3 minutes while deliveries wait (spec 9)', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      await renderDesk();
      expect(beep).not.toHaveBeenCalled();
      await act(async () => vi.advanceTimersByTime(180_000));
      expect(beep).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("'Nuova consegna / Ritiro' opens the owner's order form address", async () => {
    const { router } = await renderDesk();
    await press(screen.getByRole('button', { name: t.newDeliveryOrPickup }));
    await screen.findByRole('heading', { name: 'phone order form' });
    expect(router.state.location.pathname).toBe('/owner/reservation/99999999-9999-4999-8999-999999999999');
  });
});
