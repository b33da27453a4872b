import { type OrderRow, t } from '@comanda/shared-schema';
import { cleanup, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AddToDelivery } from '../../delivery-ordering/add-to-delivery.tsx';
import { renderWithSync } from '../../order-view/test-harness.tsx';
import { press } from '../../test/owner-screen.tsx';
import { anna, dline, renderDesk } from './desk-test-harness.tsx';

// A card order costs what its payment charged: 'Aggiungi piatti' (orderRoomCart) on a card
// delivery is refused by the server (409, t.cardOrderAmountsLocked), so the desk does not offer
// it and says why.

vi.mock('../../data/sound.ts', () => ({ beep: vi.fn() }));

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

/** Accepted today, still open, paid by card. */
const carla: OrderRow = {
  ...anna,
  id: 'd7',
  deliveryId: 'd7',
  nome: 'Carla',
  cognome: 'Neri',
  orario: '19:50',
  paymentIntentId: 'pi_7',
  statusPay: 1,
};
const carlaRows = [
  { entity: 'order', entityId: carla.id, data: carla },
  { entity: 'line', entityId: 'l7', data: dline('l7', 'd7', 'Lasagna', { accettato: 1 }) },
];

describe("'Aggiungi piatti' on the delivery desk", () => {
  // axe over the whole desk: slow on a busy machine.
  it('is not offered for a card delivery, which says why; a cash one keeps it', {
    timeout: 20_000,
  }, async () => {
    const { router } = await renderDesk(carlaRows);
    const accepted = screen.getByRole('region', { name: /Accettati oggi, ancora aperti \(2\)/ });
    const card = within(accepted).getByRole('article', { name: /Carla Neri/ });
    expect(within(card).queryByRole('button', { name: /Aggiungi piatti/ })).toBeNull();
    expect(within(card).getByRole('note').textContent).toBe(t.cardOrderAmountsLocked);

    const cash = within(accepted).getByRole('article', { name: /Anna Verdi/ });
    expect(within(cash).queryByRole('note')).toBeNull();
    const add = within(cash).getByRole('button', { name: /Aggiungi piatti/ });
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    await press(add);
    await screen.findByRole('heading', { name: 'phone order form' });
    expect(router.state.location.search).toBe('?consegna=d3');
  });

  it('reached by its address for a card delivery, shows the note and no menu', async () => {
    const onDone = vi.fn();
    await renderWithSync(<AddToDelivery ownerId="biz" deliveryId="d7" onDone={onDone} />, carlaRows);
    expect((await screen.findByRole('note')).textContent).toBe(t.cardOrderAmountsLocked);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Consegna 19:50 Carla Neri');
    expect(screen.queryByRole('button', { name: /Ordina/ })).toBeNull();
    await press(screen.getByRole('button', { name: t.back }));
    expect(onDone).toHaveBeenCalled();
  });
});
