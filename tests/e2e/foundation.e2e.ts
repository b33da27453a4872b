import { t } from '@comanda/shared-schema';
import { x } from '../../pwa/src/texts-extra.ts';
import { waitForLink } from '../support/mail.ts';
import { expect, expectAccessible, mailDir, shootAllSizes, test } from './fixtures.ts';

// Devices here go offline: they run the service worker a real device has (playwright.config.ts
// blocks it in the journeys that stay online).
test.use({ serviceWorkers: 'allow' });

test.describe('foundation', () => {
  test('a new owner signs up, confirms from the mail, signs in and lands on /owner/home', async ({
    page,
  }) => {
    const email = `titolare-${Date.now()}@example.test`;
    await page.goto('/owner/signup');
    await expect(page.getByRole('heading', { name: t.ownerSignupTitle })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel(t.businessName, { exact: true }).fill('Osteria del Porto');
    await page.getByLabel(t.firstName, { exact: true }).fill('Giulia');
    await page.getByLabel(t.lastName, { exact: true }).fill('Esposito');
    await page.getByLabel(t.email).fill(email);
    await page.getByLabel(t.password, { exact: true }).fill('una-password-lunga');
    await page.getByText(t.acceptConditions).click();
    await page.getByRole('button', { name: t.signUp }).click();
    await expect(page.getByText(t.ownerSignupDone)).toBeVisible();

    // Signing in before confirming is refused with the server's text (the wrong-password one).
    await page.goto('/signin');
    await page.getByRole('tab', { name: x.owner }).click();
    await page.getByLabel(t.email).fill(email);
    await page.getByLabel(t.password, { exact: true }).fill('una-password-lunga');
    await page.getByRole('button', { name: t.signIn, exact: true }).click();
    await expect(page.getByText(t.invalidCredentials)).toBeVisible();

    const link = await waitForLink(
      mailDir(),
      email,
      /https?:\/\/[^\s"<>]+\/owner\/confirmEmail\/[A-Za-z0-9_-]+/,
    );
    await page.goto(new URL(link).pathname);
    await expect(page.getByText(t.emailConfirmed)).toBeVisible();

    await page.goto('/signin');
    await page.getByRole('tab', { name: x.owner }).click();
    await page.getByLabel(t.email).fill(email);
    await page.getByLabel(t.password, { exact: true }).fill('una-password-lunga');
    await page.getByRole('button', { name: t.signIn, exact: true }).click();
    await expect(page).toHaveURL(/\/owner\/home$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Osteria del Porto');
    await expectAccessible(page);
    await shootAllSizes(page, 'owner-home');
  });

  test('a guest enters anonymously and lands on the customer home', async ({ page }) => {
    await page.goto('/signin');
    await expectAccessible(page);
    await shootAllSizes(page, 'signin');
    await page.getByRole('button', { name: t.continueAsGuest }).click();
    await expect(page).toHaveURL(/\/user\/home$/);
    await expectAccessible(page);
  });

  test('an unknown path shows the 404 page', async ({ page }) => {
    await page.goto('/questa/pagina/non/esiste');
    await expect(page.getByRole('heading', { name: t.notFoundTitle })).toBeVisible();
    await expectAccessible(page);
  });

  test('the cookie banner closes and stays closed after reload', async ({ page, context }) => {
    await page.goto('/');
    const banner = page.getByRole('region', { name: x.cookieBannerLabel });
    await expect(banner).toBeVisible();
    await expectAccessible(page);
    await shootAllSizes(page, 'home');
    await banner.getByRole('button', { name: t.close }).click();
    await expect(banner).toBeHidden();
    const cookies = await context.cookies();
    expect(cookies.some((c) => c.name === 'cookieConsent')).toBe(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: x.cookieBannerLabel })).toBeHidden();
  });

  test('the app shell opens with the network offline after one online visit', async ({ page, context }) => {
    await page.goto('/');
    // The service worker precaches the shell; wait until it controls the page.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { name: t.privacyTitle })).toBeVisible();
    await context.setOffline(false);
  });
});
