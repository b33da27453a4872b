import { t, tf } from '@comanda/shared-schema';
import { readMails } from '../support/mail.ts';
import { tapDish } from './customer.ts';
import { demoTable } from './db.ts';
import {
  acceptedSection,
  beeps,
  deliveryButton,
  guestOrder,
  learnServerClock,
  pendingInDb,
  pendingSection,
  storedOrder,
} from './delivery.ts';
import { expect, expectAccessible, mailDir, shootAllSizes, test } from './fixtures.ts';
import { ownerDevice } from './owner.ts';

/**
 * Delivery orders, the owner's side (spec 2.6, 4 delivery order): a guest sends a consegna through
 * the real API; the owner's dashboard counts it and rings; the desk lists it with everything the
 * owner needs; a pickup arriving while the desk is open lights up and rings; accepting moves the
 * first to the dashboard and mails the customer; rejecting the second (after confirmation) removes
 * it from both tablets.
 */

/** The demo menu's Tiramisù, in cents. */
const TIRAMISU = 500;

test('delivery desk: a guest order rings, is listed, accepted to the dashboard with a mail; another rejected everywhere', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { ownerId } = demoTable(1);
  const email = `cliente-${Date.now()}@example.test`;
  const tablet = await ownerDevice(browser, { width: 1024, height: 768 });
  const phone = await ownerDevice(browser, { width: 390, height: 844 });
  await learnServerClock(browser, ownerId, [tablet, phone]);
  const a = await tablet.newPage();
  const b = await phone.newPage();
  await a.goto('/owner/dashboard');
  await expect(a.getByRole('radiogroup', { name: t.kitchenFilterLabel })).toBeVisible();
  const before = pendingInDb();
  await expect(deliveryButton(a, before)).toBeVisible();
  const beepsBefore = await beeps(a);

  // A guest sends a consegna: the dashboard's delivery button counts it and rings.
  const lucia = await guestOrder(
    browser,
    ownerId,
    {
      tipo: 'Consegna',
      nome: 'Lucia',
      cognome: 'Bianchi',
      telefono: '3331234567',
      email,
      indirizzo: 'Via Roma 1',
      comune: 'Avella',
      noteConsegna: 'citofono Bianchi',
    },
    [
      ['Marinara', 2],
      ['Caffè', 1],
    ],
  );
  await expect(deliveryButton(a, before + 1)).toBeVisible();
  await expect.poll(() => beeps(a)).toBeGreaterThan(beepsBefore);

  // The button opens the desk, which lists it with everything the owner needs.
  await deliveryButton(a, before + 1).click();
  await expect(a).toHaveURL(/\/owner\/delivery$/);
  const luciaCard = pendingSection(a).getByRole('article', { name: /Lucia Bianchi/ });
  await expect(luciaCard).toBeVisible();
  await expect(luciaCard.getByRole('heading')).toContainText(
    `${t.delivery} ${tf.asapAssigned(lucia.orario ?? '')}`,
  );
  await expect(luciaCard.getByRole('link', { name: '3331234567' })).toHaveAttribute('href', 'tel:3331234567');
  for (const text of ['Via Roma 1', 'Avella', email, 'citofono Bianchi', t.paymentMethodCash]) {
    await expect(luciaCard.getByText(text)).toBeVisible();
  }
  // 2 Marinara (5,00 €) and a coffee (1,50 €), the demo venue's 2,50 € fee.
  await expect(luciaCard.getByLabel(t.orderTotals)).toHaveText(
    `${t.rowSubtotal}11,50 €${t.rowDeliveryCost}2,50 €${t.rowTotal}14,00 €`,
  );
  await b.goto('/owner/delivery');
  await expect(pendingSection(b).getByRole('article', { name: /Lucia Bianchi/ })).toBeVisible();

  // A pickup arrives while the desk is open: it lights up, rings and says so.
  const deskBeeps = await beeps(a);
  const mario = await guestOrder(
    browser,
    ownerId,
    { tipo: 'Ritiro', nome: 'Mario', telefono: '3339876543' },
    [['Diavola', 1]],
  );
  const marioCard = pendingSection(a).getByRole('article', { name: /Mario/ });
  await expect(marioCard).toBeVisible();
  await expect(marioCard).toHaveClass(/desk-card-new/);
  await expect(
    a.getByText(tf.newOrderFor(`${t.pickup} ${tf.asapAssigned(mario.orario ?? '')} Mario`)),
  ).toBeVisible();
  expect(await beeps(a)).toBeGreaterThan(deskBeeps);
  // Lucia's came first: oldest first.
  await expect(pendingSection(a).getByRole('article').first()).toHaveAccessibleName(/Lucia Bianchi/);

  // Payment status, changed on the tablet, shows on the phone.
  await luciaCard.getByRole('radio', { name: t.paid }).click();
  await expect(
    pendingSection(b)
      .getByRole('article', { name: /Lucia Bianchi/ })
      .getByRole('radio', { name: t.paid }),
  ).toBeChecked();

  // Accept: it leaves the pending list, shows among today's accepted, the customer gets the mail.
  await luciaCard.getByRole('button', { name: new RegExp(`^${t.accept} `) }).click();
  await expect(pendingSection(a).getByRole('article', { name: /Lucia Bianchi/ })).toHaveCount(0);
  await expect(acceptedSection(a).getByRole('article', { name: /Lucia Bianchi/ })).toBeVisible();
  await expect(acceptedSection(b).getByRole('article', { name: /Lucia Bianchi/ })).toBeVisible();
  await expect.poll(() => storedOrder(lucia.id)?.accettato).toBe(1);
  await expect.poll(() => readMails(mailDir(), email).length, { timeout: 10_000 }).toBe(1);
  await expectAccessible(a);
  await shootAllSizes(a, 'delivery-desk');
  await expectAccessible(b);

  // Reject the pickup on the phone, after confirming: gone from both desks and the server.
  await pendingSection(b)
    .getByRole('article', { name: /Mario/ })
    .getByRole('button', { name: new RegExp(`^${t.reject} `) })
    .click();
  const confirm = b.getByRole('alertdialog');
  await expect(confirm).toContainText(t.rejectDeliveryConfirm);
  await shootAllSizes(b, 'delivery-desk-reject-confirm');
  await confirm.getByRole('button', { name: t.confirm }).click();
  for (const page of [a, b]) {
    await expect(page.getByRole('article', { name: /Mario/ })).toHaveCount(0, { timeout: 10_000 });
  }
  await expect.poll(() => storedOrder(mario.id)?.closed_at ?? null).not.toBeNull();
  expect(pendingInDb()).toBe(before);

  // The dashboard shows the accepted delivery as a ticket and the count is back where it was.
  await a.goto('/owner/dashboard');
  const ticket = a.getByRole('heading', { name: `${t.delivery} ${lucia.orario} Lucia Bianchi`, exact: true });
  await expect(ticket).toBeVisible();
  await expect(deliveryButton(a, before)).toBeVisible();
  await expect(a.getByRole('heading', { name: /Mario/ })).toHaveCount(0);

  // 'Nuova consegna / Ritiro' leads to where the owner's phone order is entered.
  await a.goto('/owner/delivery');
  await a.getByRole('button', { name: t.newDeliveryOrPickup }).click();
  await expect(a).toHaveURL(new RegExp(`/owner/reservation/${ownerId}$`));

  // The owner takes a pickup by phone: same form, no payment choice, accepted at once.
  await expect(a.getByRole('heading', { name: t.newDeliveryOrPickup, level: 1 })).toBeVisible();
  await tapDish(a, 'Pizze', 'Diavola');
  await a.getByRole('button', { name: tf.concludeOrder(750) }).click();
  const form = a.getByRole('form', { name: t.completeOrderStep });
  await form.getByRole('textbox', { name: t.firstName, exact: true }).fill('Telefonata');
  await form
    .locator('label')
    .filter({ hasText: new RegExp(`^${t.pickup}$`) })
    .click();
  await form
    .locator('label')
    .filter({ hasText: new RegExp(`^${t.asSoonAsPossible}`) })
    .click();
  await form.getByRole('textbox', { name: t.phone, exact: true }).fill('333 111 2222');
  await form.getByRole('button', { name: t.orderSummary }).click();
  await expect(a.getByRole('button', { name: t.goToPayment })).toHaveCount(0);
  await a.getByRole('button', { name: t.sendOrder }).click();
  const done = a.getByRole('dialog').filter({ hasText: t.orderSuccessOwner });
  await expect(done).toBeVisible();
  await done.getByRole('button', { name: t.close }).click();
  await expect(a).toHaveURL(/\/owner\/delivery$/);
  const phoned = acceptedSection(a).getByRole('article', { name: /Telefonata/ });
  await expect(phoned).toBeVisible();
  await expect(phoned.getByRole('link', { name: '3331112222' })).toBeVisible();
  expect(pendingInDb()).toBe(before);

  // The caller rings back for a dessert: 'Aggiungi piatti' adds it to the same pickup.
  await phoned.getByRole('button', { name: new RegExp(`^${t.addDishes} `) }).click();
  await expect(a.getByRole('heading', { level: 1 })).toContainText('Telefonata');
  await tapDish(a, 'Dolci', 'Tiramisù');
  await a.getByRole('button', { name: tf.orderButton(TIRAMISU) }).click();
  const added = a.getByRole('dialog').filter({ hasText: t.orderSuccessOwner });
  await added.getByRole('button', { name: t.close }).click();
  await expect(a).toHaveURL(/\/owner\/delivery$/);
  await expect(acceptedSection(a).getByRole('article', { name: /Telefonata/ })).toContainText('Tiramisù');

  for (const context of [tablet, phone]) await context.close();
});
