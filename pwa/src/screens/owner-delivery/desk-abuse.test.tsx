import { type BlockedSender, calls, type OrderRow, t, tf } from '@comanda/shared-schema';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { armedConfirm } from '../../test/confirm.ts';
import { press } from '../../test/owner-screen.tsx';
import { dline, lucia, renderDesk } from './desk-test-harness.tsx';

// DESIGN.md "Abuse" on the delivery desk: several pending orders rejected at once, a sender
// blocked (the order rejected with it), the blocked senders listed with 'Sblocca'.

vi.mock('../../data/sound.ts', () => ({ beep: vi.fn() }));

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

/** A third pending order: Paolo's Consegna at 21:00. */
const paolo: OrderRow = {
  ...lucia,
  id: 'd9',
  deliveryId: 'd9',
  nome: 'Paolo',
  cognome: 'Neri',
  orario: '21:00',
};
const paoloRows = [
  { entity: 'order', entityId: 'd9', data: paolo },
  { entity: 'line', entityId: 'l9', data: dline('l9', 'd9', 'Calzone') },
];

const pendingRegion = (n: number) =>
  screen.findByRole('region', { name: `${t.pendingDeliveriesTitle} (${n})` });

async function expectAccessible() {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  expect(result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
}

const blockedOne: BlockedSender = {
  id: 'b1',
  label: 'Mario Rossi, 3479876543',
  account: true,
  addressUntil: '2025-07-16T18:30:00.000Z',
  createdAt: '2025-07-15T18:30:00.000Z',
};

/** The server's blocked list, and nothing else. */
const withBlocked = (blocked: BlockedSender[]) => (path: string) =>
  path === calls.deliveryBlockedSenders.path ? { success: true, blocked } : undefined;

// Each runs axe over the whole desk or several confirm dialogs: slow on a busy machine.
const SLOW = { timeout: 20_000 };

describe('rejecting several pending orders at once', SLOW, () => {
  it('one confirmation, then one outbox rejection each with the version the tablet saw', async () => {
    const { db } = await renderDesk(paoloRows);
    await pendingRegion(3);
    const reject = () => screen.getByRole('button', { name: /^Rifiuta selezionati/ });
    expect(reject().textContent).toBe(tf.rejectSelectedCount(0));
    expect(reject().getAttribute('aria-disabled') ?? reject().hasAttribute('disabled')).toBeTruthy();

    await press(screen.getByRole('checkbox', { name: tf.selectDelivery('Consegna 20:00 Lucia Bianchi') }));
    await press(screen.getByRole('checkbox', { name: tf.selectDelivery('Consegna 21:00 Paolo Neri') }));
    await waitFor(() => expect(reject().textContent).toBe(tf.rejectSelectedCount(2)));
    await expectAccessible();

    await press(reject());
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain(tf.rejectSelectedConfirm(2));
    await press(within(dialog).getByRole('button', { name: t.cancel }));
    expect(await db.outbox.count()).toBe(0);

    await press(reject());
    await press(await armedConfirm(await screen.findByRole('alertdialog')));
    await pendingRegion(1);
    expect(screen.getByRole('article', { name: /Mario/ })).toBeTruthy();
    const queued = await db.outbox.toArray();
    expect(queued.map((e) => [e.name, e.body])).toEqual([
      ['deliveryReject', { deliveryId: 'd1', seenVersion: 7 }],
      ['deliveryReject', { deliveryId: 'd9', seenVersion: 7 }],
    ]);
    // The choice is spent: nothing stays selected.
    expect(reject().textContent).toBe(tf.rejectSelectedCount(0));
  });

  it("'Seleziona tutti' takes every pending order", async () => {
    const { db } = await renderDesk(paoloRows);
    await pendingRegion(3);
    await press(screen.getByRole('checkbox', { name: t.selectAllPending }));
    const reject = screen.getByRole('button', { name: /^Rifiuta selezionati/ });
    await waitFor(() => expect(reject.textContent).toBe(tf.rejectSelectedCount(3)));
    await press(reject);
    await press(await armedConfirm(await screen.findByRole('alertdialog')));
    await screen.findByText(t.noPendingDeliveries);
    expect((await db.outbox.toArray()).map((e) => e.body)).toHaveLength(3);
  });
});

describe('blocking a sender', SLOW, () => {
  it("'Blocca mittente' asks, naming who, then rejects through the outbox and blocks", async () => {
    const { db } = await renderDesk([], withBlocked([]));
    const block = () => screen.getByRole('button', { name: `${t.blockSender} Consegna 20:00 Lucia Bianchi` });
    await press(block());
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toBe(
      `${tf.blockSenderConfirm('Lucia Bianchi, 3331234567')}${t.cancel}${t.confirm}`,
    );
    await expectAccessible();
    await press(within(dialog).getByRole('button', { name: t.cancel }));
    expect(await db.outbox.count()).toBe(0);

    await press(block());
    await press(await armedConfirm(await screen.findByRole('alertdialog')));
    await pendingRegion(1);
    expect(screen.queryByRole('article', { name: /Lucia/ })).toBeNull();
    expect(await screen.findByText(t.senderBlockedNotice)).toBeTruthy();
    const queued = await db.outbox.toArray();
    expect(queued.map((e) => [e.name, e.body])).toEqual([
      ['deliveryBlockSender', { deliveryId: 'd1', seenVersion: 7 }],
    ]);
  });

  it("lists the blocked senders, each with 'Sblocca' through the outbox", async () => {
    const { db } = await renderDesk([], withBlocked([blockedOne]));
    const section = await screen.findByRole('region', { name: `${t.blockedSendersTitle} (1)` });
    expect(within(section).getByText('Mario Rossi, 3479876543')).toBeTruthy();
    expect(
      within(section).getByText(`${t.blockedAccount} · ${tf.addressBlockedUntil('20:30', '16/07')}`),
    ).toBeTruthy();
    await expectAccessible();

    await press(within(section).getByRole('button', { name: tf.unblockSender('Mario Rossi, 3479876543') }));
    // Hidden at once while the outbox holds the unblock.
    await screen.findByRole('region', { name: `${t.blockedSendersTitle} (0)` });
    expect(screen.getByText(t.noBlockedSenders)).toBeTruthy();
    const queued = await db.outbox.toArray();
    expect(queued.map((e) => [e.name, e.body])).toEqual([['deliveryUnblockSender', { id: 'b1' }]]);
  });

  it('without the server the list says it needs the connection; the rest of the desk works', async () => {
    await renderDesk();
    expect(await screen.findByText(t.blockedSendersOffline)).toBeTruthy();
    expect(
      screen.getByRole('button', { name: `${t.blockSender} Consegna 20:00 Lucia Bianchi` }),
    ).toBeTruthy();
  });
});
