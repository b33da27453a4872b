import { CARD_CHECKOUT_MS, MINUTE_MS, t, tf } from '@comanda/shared-schema';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { FAKE_STRIPE_ACCOUNT } from '../../sync-server/test-support/fakes/stripe.ts';
import { choose, type FakeState, routeStripe, setStripeAccount, toSummary } from './card.ts';
import { phoneAsGuest } from './customer.ts';
import { demoTable, readDb } from './db.ts';
import { beeps, checkoutsSection, fakeStripe, learnServerClock, pendingSection } from './delivery.ts';
import { baseUrl, expect, expectAccessible, screenshot, test } from './fixtures.ts';
import { ownerDevice } from './owner.ts';

/**
 * Card checkouts in Chromium (spec 4 "Customer order flow"): a phone's card order reaches the
 * owner's desk for a decision only once it is paid (shown until then under 'Pagamenti in
 * corso', uncounted and silent), and a checkout left unpaid expires: the server's clock is moved
 * on through its test hook (COMANDA_CLOCK_CONTROL, global-setup.ts), the intent is canceled at
 * the fake Stripe, the desk drops it, and the customer coming back reads why and finds the cart.
 * Phones at 320 and 390 px, the owner's tablet at 1024 px.
 */

const PHONES = { small: { width: 320, height: 640 }, phone: { width: 390, height: 844 } } as const;
const TABLET = { width: 1024, height: 768 };

/** Screenshots for a person to look at: E2E_SHOTS_DIR, else tests/e2e/.screens. */
async function shoot(page: Page, name: string, sizes: ReadonlyArray<{ width: number; height: number }>) {
  const original = page.viewportSize();
  for (const size of sizes) {
    await page.setViewportSize(size);
    // Nothing may scroll sideways at any of them (the phones of spec 2.2's customer screens).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    await screenshot(page, `${name}-${size.width}`, { fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

/** The server's own count of deliveries awaiting a decision (the delivery button's). */
async function serverCount(owner: BrowserContext): Promise<number> {
  const res = await owner.request.get('/api/delivery/getCountDelivery');
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { result: number }).result;
}

/** The server's clock moves on (the e2e server's test hook); its checkouts' sweep runs at once. */
async function advanceServerClock(ms: number): Promise<void> {
  const res = await fetch(`${baseUrl()}/api/_test/clock/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ms }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

function storedCard(email: string): { id: string; pi: string; closed: number | null } {
  return readDb(
    (db) =>
      db
        .prepare('SELECT id, payment_intent_id AS pi, closed_at AS closed FROM orders WHERE email = ?')
        .get(email) as { id: string; pi: string; closed: number | null },
  );
}

interface Journey {
  ownerId: string;
  tablet: BrowserContext;
  desk: Page;
  phone: BrowserContext;
  page: Page;
}

/** The owner's desk open on the tablet, a guest's phone with Stripe.js routed to the fake. */
async function begin(browser: Browser, size: { width: number; height: number }): Promise<Journey> {
  const { ownerId } = demoTable(1);
  const tablet = await ownerDevice(browser, TABLET);
  await learnServerClock(browser, ownerId, [tablet]);
  await setStripeAccount(tablet, FAKE_STRIPE_ACCOUNT);
  const desk = await tablet.newPage();
  await desk.goto('/owner/delivery');
  await expect(desk.getByRole('heading', { name: t.deliveryDeskTitle })).toBeVisible();
  const phone = await phoneAsGuest(browser);
  await routeStripe(phone);
  const page = await phone.newPage();
  await page.setViewportSize(size);
  return { ownerId, tablet, desk, phone, page };
}

async function end(j: Journey): Promise<void> {
  await setStripeAccount(j.tablet, null);
  await j.phone.close();
  await j.tablet.close();
}

/** From the summary, carta, 'Vai al pagamento': the order is stored unpaid, the card dialog opens. */
async function openCardDialog(j: Journey, name: string, email: string) {
  await toSummary(j.page, j.ownerId, name, email);
  const summary = j.page.getByRole('region', { name: t.orderSummary });
  await choose(summary, t.payByCard);
  await summary.getByRole('button', { name: t.goToPayment }).click();
  const dialog = j.page
    .getByRole('dialog')
    .filter({ has: j.page.getByRole('heading', { name: t.payAndSend }) });
  const card = dialog.getByRole('textbox', { name: 'Numero carta' });
  await expect(card).toBeVisible();
  const pay = dialog.getByRole('button', { name: t.pay, exact: true });
  await expect(pay).toBeEnabled();
  return { dialog, card, pay };
}

test('card checkout: a consegna paid by card reaches the owner only once paid, as a new order, once', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const j = await begin(browser, PHONES.small);
  try {
    const countBefore = await serverCount(j.tablet);
    const email = `bruna-${Date.now()}@example.test`;
    const { card, pay } = await openCardDialog(j, 'Bruna', email);

    // While she pays: apart on the desk, with its time left; not to decide, not counted, silent.
    const beepsBefore = await beeps(j.desk);
    const inProgress = checkoutsSection(j.desk).getByRole('listitem').filter({ hasText: 'Bruna' });
    await expect(inProgress).toBeVisible();
    await expect(inProgress).toContainText(/Scade tra 1[45] min/);
    await expect(pendingSection(j.desk).getByRole('article', { name: /Bruna/ })).toHaveCount(0);
    await expect(j.desk.getByRole('button', { name: new RegExp(`^${t.accept} .*Bruna`) })).toHaveCount(0);
    expect(await serverCount(j.tablet)).toBe(countBefore);
    expect(await beeps(j.desk)).toBe(beepsBefore);
    await expectAccessible(j.desk);
    await shoot(j.desk, 'card-checkout-desk-in-progress', [TABLET, { width: 1920, height: 1080 }]);
    await shoot(j.page, 'card-checkout-dialog', [PHONES.small, PHONES.phone]);

    // She pays: the return page, and the desk gets a new order to decide, lit up and ringing.
    await card.fill('4242424242424242');
    await pay.click();
    // The desk announces it once (a 5 s toast), however the server learns of the payment.
    await expect(j.desk.getByText(new RegExp(`^${tf.newOrderFor(`${t.delivery} `)}.*Bruna`))).toHaveCount(1);
    await expect(j.page.getByRole('heading', { name: t.orderSuccessCustomer })).toBeVisible();
    await expectAccessible(j.page);
    await shoot(j.page, 'card-checkout-paid', [PHONES.small, PHONES.phone]);

    const bruna = pendingSection(j.desk).getByRole('article', { name: /Bruna/ });
    await expect(bruna).toBeVisible();
    await expect(bruna).toContainText(t.cardPaidStatus);
    await expect.poll(() => beeps(j.desk)).toBeGreaterThan(beepsBefore);
    await expect(checkoutsSection(j.desk)).toHaveCount(0);
    expect(await serverCount(j.tablet)).toBe(countBefore + 1);
    await shoot(j.desk, 'card-checkout-desk-paid', [TABLET]);

    // The shared server's desk is left as found: the owner rejects it (refunded once).
    const stored = storedCard(email);
    await bruna.getByRole('button', { name: new RegExp(`^${t.reject} `) }).click();
    await j.desk.getByRole('alertdialog').getByRole('button', { name: t.confirm }).click();
    await expect(bruna).toHaveCount(0, { timeout: 20_000 });
    await expect
      .poll(async () =>
        (await fakeStripe<FakeState>('state')).refunds.filter((r) => r.payment_intent === stored.pi),
      )
      .toHaveLength(1);
  } finally {
    await end(j);
  }
});

test('card checkout: an abandoned checkout expires, its intent canceled, and the customer can order again', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const j = await begin(browser, PHONES.phone);
  try {
    const email = `ettore-${Date.now()}@example.test`;
    const { card, pay } = await openCardDialog(j, 'Ettore', email);
    const inProgress = checkoutsSection(j.desk).getByRole('listitem').filter({ hasText: 'Ettore' });
    await expect(inProgress).toBeVisible();
    const stored = storedCard(email);
    expect(stored.closed).toBeNull();

    // A quarter of an hour goes by on the server's clock: the checkout expires.
    await advanceServerClock(CARD_CHECKOUT_MS + MINUTE_MS);
    await expect(inProgress).toHaveCount(0);
    await expect(pendingSection(j.desk).getByRole('article', { name: /Ettore/ })).toHaveCount(0);
    const state = await fakeStripe<FakeState>('state');
    expect(state.intents.find((i) => i.id === stored.pi)?.status).toBe('canceled');
    expect(storedCard(email).closed).not.toBeNull();

    // He comes back to the open card dialog and pays: too late, and told so plainly.
    await card.fill('4242424242424242');
    await pay.click();
    await expect(j.page).toHaveURL(new RegExp(`/user/deliverySuccessPayment/${j.ownerId}\\?payment_intent=`));
    await expect(j.page.getByRole('heading', { name: t.checkoutExpiredTitle })).toBeVisible();
    await expect(j.page.getByText(tf.checkoutExpiredText(CARD_CHECKOUT_MS / MINUTE_MS))).toBeVisible();
    await expectAccessible(j.page);
    await shoot(j.page, 'card-checkout-expired', [PHONES.small, PHONES.phone]);
    expect(
      (await fakeStripe<FakeState>('state')).refunds.filter((r) => r.payment_intent === stored.pi),
    ).toEqual([]);

    // 'Rifai l'ordine': the same cart, kept, ready to send again.
    await j.page.getByRole('link', { name: t.orderAgain }).click();
    await expect(j.page).toHaveURL(new RegExp(`/user/deliverycart/${j.ownerId}$`));
    for (const dish of ['Marinara', 'Caffè']) {
      await expect(j.page.getByRole('button', { name: tf.forDish(t.remove, dish) })).toBeVisible();
    }
    await expect(j.page.getByRole('button', { name: /^Concludi ordine/ })).toBeVisible();
    await expectAccessible(j.page);
    await shoot(j.page, 'card-checkout-order-again', [PHONES.small, PHONES.phone]);
  } finally {
    await end(j);
  }
});
