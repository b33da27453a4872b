import { t, tf } from '@comanda/shared-schema';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { judge, outbox, press, renderProfile, type } from './profile-test-harness.tsx';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const card = (title: string) => screen.getByRole('region', { name: title });
const saveOf = (region: HTMLElement) => within(region).getByRole('button', { name: t.save });
const isDisabled = (button: HTMLElement) =>
  button.hasAttribute('disabled') || button.getAttribute('aria-disabled') === 'true';
const closedSwitch = () =>
  within(card(t.profileClosedSection)).getByRole('switch', { name: t.venueClosedNow }) as HTMLInputElement;

// The whole profile renders in each test (six cards): slow on a busy machine.
describe('/owner/profile', { timeout: 20_000 }, () => {
  it("'Locale chiuso ora' applies at once through the outbox, without any 'Salva'", async () => {
    const { db } = await renderProfile();
    const closed = card(t.profileClosedSection);
    expect(within(closed).getByText(t.appliesAtOnce)).toBeTruthy();
    await press(closedSwitch());
    await waitFor(() => expect(closedSwitch().checked).toBe(true));
    expect((await outbox(db)).map((e) => [e.name, e.body])).toEqual([['ownerProfileSet', { is_closed: 1 }]]);
    // On the device until the server has it (the socket is down in this test), then saved. The
    // switch shows its new state before the write is stored (data/pending-writes.ts); the card
    // says it is on the device once it is.
    await waitFor(() => expect(within(closed).getByRole('status').textContent).toBe(t.profileSavedOffline));
    await judge(db, 1);
    await waitFor(() => expect(within(closed).getByRole('status').textContent).toBe(t.savedNow));
    // The card's own 'Salva' is for its message only: nothing to save.
    expect(isDisabled(saveOf(closed))).toBe(true);
    expect(within(closed).queryByText(t.unsavedChanges)).toBeNull();
  });

  it('takes a closing message typed but not saved along with the switch', async () => {
    const { db } = await renderProfile();
    const closed = card(t.profileClosedSection);
    await type(within(closed).getByRole('textbox', { name: t.closingMessageLabel }), ' Ferie fino a lunedì ');
    expect(within(closed).getByText(t.unsavedChanges)).toBeTruthy();
    await press(closedSwitch());
    await waitFor(() => expect(closedSwitch().checked).toBe(true));
    expect((await outbox(db))[0]?.body).toEqual({ is_closed: 1, messaggioChiusura: 'Ferie fino a lunedì' });
    await waitFor(() => expect(within(closed).queryByText(t.unsavedChanges)).toBeNull());
  });

  it('says when a switch was refused, and the switch goes back', async () => {
    const { db } = await renderProfile();
    await press(closedSwitch());
    await waitFor(() => expect(closedSwitch().checked).toBe(true));
    await judge(db, 1, 'Locale non trovato');
    const closed = card(t.profileClosedSection);
    await waitFor(() =>
      expect(within(closed).getByRole('status').textContent).toBe(
        tf.changeRefusedReason('Locale non trovato'),
      ),
    );
    await waitFor(() => expect(closedSwitch().checked).toBe(false));
  });

  it("'Consegna e ritiro attivi' applies at once too; the card's fields wait for its 'Salva'", async () => {
    const { db } = await renderProfile();
    const delivery = card(t.deliveryDeskTitle);
    await press(within(delivery).getByRole('switch', { name: t.deliveryEnabledLabel }));
    await waitFor(() =>
      expect(
        (
          within(card(t.deliveryDeskTitle)).getByRole('switch', {
            name: t.deliveryEnabledLabel,
          }) as HTMLInputElement
        ).checked,
      ).toBe(false),
    );
    expect((await outbox(db)).map((e) => e.body)).toEqual([{ abilitaConsegna: 0 }]);
    expect(isDisabled(saveOf(delivery))).toBe(true);
    await type(within(delivery).getByRole('textbox', { name: t.rowDeliveryCost }), '3,00');
    expect(within(delivery).getByText(t.unsavedChanges)).toBeTruthy();
    expect(isDisabled(saveOf(delivery))).toBe(false);
    await press(saveOf(delivery));
    await waitFor(async () =>
      expect((await outbox(db)).map((e) => e.body)).toEqual([{ abilitaConsegna: 0 }, { costoConsegna: 300 }]),
    );
  });

  it('marks the card with unsaved changes and enables only its Salva; saved, it says so', async () => {
    const { db } = await renderProfile();
    const cards = [
      t.profileVenueSection,
      t.profileClosedSection,
      t.deliveryDeskTitle,
      t.profilePrinterSection,
    ];
    for (const title of cards) expect(isDisabled(saveOf(card(title)))).toBe(true);
    expect(screen.queryByText(t.unsavedChanges)).toBeNull();

    const venue = card(t.profileVenueSection);
    const name = within(venue).getByRole('textbox', { name: t.venueNameLabel });
    await type(name, 'Osteria Demo');
    expect(within(venue).getByText(t.unsavedChanges)).toBeTruthy();
    expect(isDisabled(saveOf(venue))).toBe(false);
    for (const title of cards.slice(1)) expect(isDisabled(saveOf(card(title)))).toBe(true);
    // Typed back as it was: nothing unsaved.
    await type(name, 'Trattoria Demo');
    expect(within(venue).queryByText(t.unsavedChanges)).toBeNull();
    expect(isDisabled(saveOf(venue))).toBe(true);

    await type(name, 'Osteria Demo');
    await press(saveOf(venue));
    expect(await within(venue).findByText(t.profileSaved)).toBeTruthy();
    expect(within(venue).queryByText(t.unsavedChanges)).toBeNull();
    expect(isDisabled(saveOf(venue))).toBe(true);
    expect((await outbox(db)).map((e) => [e.name, e.body])).toEqual([
      ['ownerProfileSet', { name: 'Osteria Demo' }],
    ]);
  });

  it("sets the room screen's panels (the owner's version) at once", async () => {
    const { db } = await renderProfile();
    const panels = card(t.roomPanelsSection);
    const radio = (name: string) => within(panels).getByRole('radio', { name }) as HTMLInputElement;
    expect(radio(t.roomPanelsVersion1).checked).toBe(true);
    await press(radio(t.roomPanelsVersion3));
    await waitFor(() => expect(radio(t.roomPanelsVersion3).checked).toBe(true));
    expect((await outbox(db)).map((e) => [e.name, e.body])).toEqual([['ownerVersionSet', { version: 3 }]]);
    await judge(db, 1);
    await waitFor(() => expect(within(panels).getByRole('status').textContent).toBe(t.savedNow));
  });
});
