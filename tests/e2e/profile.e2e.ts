import { t, tf } from '@comanda/shared-schema';
import type { Page } from '@playwright/test';
import { openTable, phoneAsGuest, tapDish } from './customer.ts';
import { demoTable, readDb } from './db.ts';
import { expect, expectAccessible, shootAllSizes, test } from './fixtures.ts';
import { ownerDevice } from './owner.ts';

/**
 * The owner's profile (spec 3 closed status, 2.7 closed-venue screen): the owner closes the venue
 * with a message from /owner/profile; a customer whose menu is open sees the closed screen and the
 * message live, and one opening the menu later sees it too; reopened, ordering works again. The
 * venue is reopened whatever happens: the other journeys need it open. No order is sent: table 1
 * stays free for the others.
 */

const MESSAGE = 'Chiusi per un evento privato, torniamo domani alle 18:00';

function closedInDb(): { is_closed: number; messaggio_chiusura: string } {
  return readDb(
    (db) =>
      db
        .prepare("SELECT is_closed, messaggio_chiusura FROM businesses WHERE name = 'Trattoria Demo'")
        .get() as {
        is_closed: number;
        messaggio_chiusura: string;
      },
  );
}

/** Types the message, then flips 'Locale chiuso ora': it applies at once, the message with it. */
async function setClosed(owner: Page, closed: boolean, message: string): Promise<void> {
  const section = owner.getByRole('region', { name: t.profileClosedSection });
  const toggle = section.getByRole('switch', { name: t.venueClosedNow });
  await section.getByRole('textbox', { name: t.closingMessageLabel }).fill(message);
  if ((await toggle.isChecked()) !== closed) {
    await section.locator('label.switch').click();
    await expect(section.getByText(t.savedNow, { exact: true })).toBeVisible();
  } else {
    await section.getByRole('button', { name: t.save }).click();
    await expect(section.getByText(t.profileSaved)).toBeVisible();
  }
  await expect.poll(() => closedInDb().is_closed).toBe(closed ? 1 : 0);
}

test('profile: closing the venue with a message shows the closed screen to customers, live', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { ownerId, tableId } = demoTable(1);
  const tablet = await ownerDevice(browser, { width: 1024, height: 768 });
  const owner = await tablet.newPage();
  const phone = await phoneAsGuest(browser);
  const customer = await phone.newPage();
  try {
    await owner.goto('/owner/profile');
    await expect(owner.getByRole('heading', { name: t.profileVenueSection })).toBeVisible();
    await expectAccessible(owner);
    await shootAllSizes(owner, 'owner-profile');

    // The customer's menu is open when the owner closes the venue.
    await openTable(customer, ownerId, tableId);
    await tapDish(customer, 'Dolci', 'Tiramisù');
    await setClosed(owner, true, MESSAGE);
    expect(closedInDb().messaggio_chiusura).toBe(MESSAGE);
    await expect(customer.getByRole('heading', { name: t.venueClosed })).toBeVisible({ timeout: 10_000 });
    await expect(customer.getByText(MESSAGE)).toBeVisible();
    await shootAllSizes(customer, 'customer-venue-closed');

    // A customer arriving now sees the same.
    const later = await phone.newPage();
    await later.goto(`/user/reservation/${ownerId}/${tableId}`);
    await expect(later.getByRole('heading', { name: t.venueClosed })).toBeVisible();
    await expect(later.getByText(MESSAGE)).toBeVisible();
    await later.close();

    // Reopened: the menu is back on the open page, with the cart as the customer left it.
    await setClosed(owner, false, '');
    await expect(customer.getByRole('heading', { name: t.venueClosed })).toHaveCount(0, { timeout: 10_000 });
    await customer.getByRole('button', { name: t.viewAndSend }).click();
    await expect(customer.getByRole('button', { name: tf.orderButton(500) })).toBeEnabled();
  } finally {
    if (closedInDb().is_closed === 1) {
      const res = await tablet.request.post('/api/owner/profile/set', {
        data: { is_closed: 0, messaggioChiusura: null },
        headers: { 'x-client-id': crypto.randomUUID(), 'x-mutation-id': '1' },
      });
      expect(res.ok()).toBe(true);
    }
    await tablet.close();
    await phone.close();
  }
});
