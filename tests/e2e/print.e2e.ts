import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BridgeProcess, startBridgeProcess } from '@comanda/print-bridge/testing';
import { SYNC_HEADERS, t, tf } from '@comanda/shared-schema';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { demoTable, readDb } from './db.ts';
import { guestOrder, learnServerClock, pendingSection } from './delivery.ts';
import { baseUrl, expect, expectAccessible, screenshot, shootAllSizes, test } from './fixtures.ts';
import { signInDemoOwner } from './owner.ts';

/**
 * Printing (DESIGN.md "Printing", spec 8 printer errors), the dashboard side, end to end: the real
 * print bridge (its own process, a folder printer) on a free loopback port, the demo venue's print
 * address pointed at it. The bridge prints only for paired tablets and lets only the app's origin
 * connect (DESIGN.md "Abuse"): the dashboard first says 'Stampante non abbinata', the owner types
 * the bridge's code in Profilo, and the printer is ready. The owner accepts a pickup on the desk:
 * the ticket file appears and the dashboard shows its lines as printed. The bridge stops: 'Stampa
 * automatica non disponibile', the direct print gives way to 'stampa con il browser' after the
 * retries, and a pickup accepted then prints in the browser view. Uses no table (tables 3-10 belong
 * to other files).
 */

/** The 10 retries at 200 ms instead of the spec's 5 s (printing.ts reads this key, tests set it). */
const RETRY_OVERRIDE_KEY = 'comanda.printRetryMs';

/** The owner's device: signed in, consent given, the bridge's own certificate accepted. */
async function printingOwner(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: 1024, height: 768 },
    // The bridge's self-made certificate: a tablet trusts it once (README); the test browser here.
    ignoreHTTPSErrors: true,
  });
  await context.addCookies([{ name: 'cookieConsent', value: '1', url: baseUrl() }]);
  await signInDemoOwner(context, baseUrl());
  await context.addInitScript((key) => {
    localStorage.setItem(key, '200');
    // The print dialog is the browser's, not the page's: counted instead of opened.
    const w = window as unknown as { __prints: number };
    w.__prints = 0;
    window.print = () => {
      w.__prints += 1;
    };
  }, RETRY_OVERRIDE_KEY);
  return context;
}

/** The venue's print address, through the owner's profile mutation (its own client id). */
async function setOwnerIp(
  context: BrowserContext,
  clientId: string,
  mutationId: number,
  ownerIp: string | null,
) {
  const res = await context.request.post('/api/owner/profile/set', {
    data: { ownerIp },
    headers: { [SYNC_HEADERS.clientId]: clientId, [SYNC_HEADERS.mutationId]: String(mutationId) },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** The readable previews the folder printer wrote, complete ones only (`.bin` is written last). */
function tickets(dataDir: string): string[] {
  const dir = join(dataDir, 'tickets');
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((n) => n.endsWith('.bin'))
    .map((n) => readFileSync(join(dir, n.replace(/\.bin$/, '.txt')), 'utf8'));
}

/** The printed flags of an order's lines, as the server stores them. */
function printedFlags(orderId: string): number[] {
  return readDb((db) =>
    (
      db.prepare('SELECT printed FROM order_lines WHERE order_id = ? ORDER BY seq').all(orderId) as Array<{
        printed: number;
      }>
    ).map((r) => r.printed),
  );
}

const prints = (page: Page) => page.evaluate(() => (window as unknown as { __prints: number }).__prints);

async function acceptOnDesk(page: Page, who: RegExp): Promise<void> {
  await page.goto('/owner/delivery');
  const card = pendingSection(page).getByRole('article', { name: who });
  await card.getByRole('button', { name: new RegExp(`^${t.accept} `) }).click();
  await expect(pendingSection(page).getByRole('article', { name: who })).toHaveCount(0);
}

test('printing: an accepted pickup prints through the bridge and shows printed; with the bridge stopped, the browser prints', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const { ownerId } = demoTable(2);
  const dataDir = mkdtempSync(join(tmpdir(), 'comanda-print-e2e-'));
  let bridge: BridgeProcess | null = await startBridgeProcess({
    dataDir,
    config: { printers: [{ name: 'cassa', area: 'tutto', target: { type: 'folder', path: 'tickets' } }] },
    // The app under test is not on port 3000 of this machine: its origin is named, as a venue would.
    env: { COMANDA_APP_ORIGIN: new URL(baseUrl()).origin },
  });
  const owner = await printingOwner(browser);
  const clientId = randomUUID();
  try {
    // The page may open a websocket to the bridge only if its Content-Security-Policy says so.
    const csp = (await owner.request.get('/owner/dashboard')).headers()['content-security-policy'] ?? '';
    const connectSrc = /connect-src ([^;]*)/.exec(csp)?.[1]?.split(/\s+/) ?? [];
    expect(
      connectSrc.some((source) => source === 'wss:' || /^wss:\/\/(\*|127\.0\.0\.1)(:\*)?$/.test(source)),
      `connect-src must allow wss: to the print bridge (sync-server/src/http/security.ts): ${connectSrc.join(' ')}`,
    ).toBe(true);
    await setOwnerIp(owner, clientId, 1, `127.0.0.1:${bridge.port}`);
    await learnServerClock(browser, ownerId, [owner]);
    const page = await owner.newPage();
    await page.goto('/owner/dashboard');
    // Not paired yet: the bridge refuses this tablet, and the dashboard says where to pair it.
    await expect(page.getByRole('status').filter({ hasText: t.printerNotPaired })).toBeVisible({
      timeout: 15_000,
    });
    expect(tickets(dataDir)).toEqual([]);

    // Profilo > 'Abbina la stampante': the code the bridge shows on its box.
    await page.goto('/owner/profile');
    const pairing = page.getByRole('region', { name: t.pairPrinter });
    await expect(pairing).toContainText(t.printerNotPairedHere);
    await pairing.getByRole('textbox', { name: t.pairingCodeLabel }).fill('000000');
    await pairing.getByRole('button', { name: t.pairPrinter }).click();
    await expect(pairing).toContainText(/Codice di abbinamento errato/);
    await pairing.getByRole('textbox', { name: t.pairingCodeLabel }).fill(await bridge.pairingCode());
    await pairing.getByRole('button', { name: t.pairPrinter }).click();
    await expect(pairing).toContainText(t.printerPairedNow);
    await expect(pairing).toContainText(t.printerPaired);
    await expectAccessible(page);
    await shootAllSizes(page, 'print-pairing');

    await page.goto('/owner/dashboard');
    await expect(page.getByRole('status').filter({ hasText: t.printerReady })).toBeVisible({
      timeout: 15_000,
    });

    // A guest's pickup, accepted on the desk: it goes to the printer (spec 4).
    const giulia = await guestOrder(
      browser,
      ownerId,
      { tipo: 'Ritiro', nome: 'Giulia', cognome: 'Stampa', telefono: '3330001111' },
      [
        ['Marinara', 1],
        ['Caffè', 2],
      ],
    );
    await acceptOnDesk(page, /Giulia Stampa/);
    await expect
      .poll(() => tickets(dataDir).filter((text) => text.includes('Giulia Stampa')).length, {
        timeout: 20_000,
      })
      .toBe(1);
    const [ticketText = ''] = tickets(dataDir).filter((text) => text.includes('Giulia Stampa'));
    expect(ticketText).toContain('Trattoria Demo');
    expect(ticketText).toContain('Marinara');
    expect(ticketText).toContain('Caffè');
    await expect.poll(() => printedFlags(giulia.id), { timeout: 10_000 }).toEqual([1, 1]);

    // The dashboard shows the lines printed, by a printer mark of its own ('Stampato').
    await page.goto('/owner/dashboard');
    const title = `${t.pickup} ${giulia.orario} Giulia Stampa`;
    const ticket = page.getByRole('article', { name: title });
    await expect(ticket).toBeVisible();
    const printedMarks = ticket.locator('.dash-printed');
    await expect(printedMarks).toHaveCount(2);
    for (const mark of await printedMarks.all()) await expect(mark).toHaveText(t.printedYes);
    await expectAccessible(page);
    await shootAllSizes(page, 'print-dashboard');

    // 'Stampa' on the ticket reprints it (dash_orderPrinter_R_C): one more ticket file.
    await ticket.getByRole('button', { name: `${t.print} ${title}` }).click();
    await expect
      .poll(() => tickets(dataDir).filter((text) => text.includes('Giulia Stampa')).length, {
        timeout: 20_000,
      })
      .toBe(2);

    // The bridge stops: the notice at once, and after the 10 retries the direct print is hidden.
    await bridge.stop();
    bridge = null;
    const notice = page.getByRole('status').filter({ hasText: t.autoPrintUnavailable });
    await expect(notice).toBeVisible();
    await expect(ticket.getByRole('button', { name: `${t.printWithBrowser} ${title}` })).toBeVisible({
      timeout: 20_000,
    });
    await expect(ticket.getByRole('button', { name: `${t.print} ${title}` })).toHaveCount(0);
    await shootAllSizes(page, 'print-unavailable');

    // Printing has failed: a pickup accepted now waits for 'stampa con il browser'.
    const marco = await guestOrder(
      browser,
      ownerId,
      { tipo: 'Ritiro', nome: 'Marco', cognome: 'Carta', telefono: '3330002222' },
      [['Diavola', 1]],
    );
    await acceptOnDesk(page, /Marco Carta/);
    await page.goto('/owner/dashboard');
    await expect(notice).toContainText(tf.printJobsWaiting(1));
    await expectAccessible(page);
    await notice.getByRole('button', { name: t.printWithBrowser }).click();

    // The browser-print view: the receipt, printed once, its lines marked printed.
    await expect(page).toHaveURL(/\/owner\/print\?waiting=1$/);
    const receipt = page.getByRole('article', { name: `${t.receipt} ${t.pickup}` });
    await expect(receipt).toBeVisible();
    await expect(receipt).toContainText('Trattoria Demo');
    await expect(receipt).toContainText('Marco Carta');
    await expect(receipt).toContainText('Diavola');
    await expect(receipt).toContainText(t.rowTotal);
    await expect(receipt).toContainText(/\d+,\d\d €/);
    await expect.poll(() => prints(page)).toBe(1);
    await expect.poll(() => printedFlags(marco.id), { timeout: 10_000 }).toEqual([1]);
    expect(tickets(dataDir).some((text) => text.includes('Marco Carta'))).toBe(false);
    await expectAccessible(page);
    await shootAllSizes(page, 'print-view');
    // The page rule the view adopts while open: 80 mm wide paper (226.77 pt), as long as the receipt.
    const pdf = (await page.pdf({ preferCSSPageSize: true })).toString('latin1');
    const [, width = '0', height = '0'] = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(pdf) ?? [];
    expect(Number(width)).toBeCloseTo(226.77, 0);
    expect(Number(height)).toBeGreaterThan(200);
    expect(Number(height)).toBeLessThan(842);
    await page.emulateMedia({ media: 'print' });
    await screenshot(page, 'print-view-paper', { fullPage: true });
    await page.emulateMedia({ media: 'screen' });
  } finally {
    // Other files share the demo venue: it goes back to having no print address.
    await setOwnerIp(owner, clientId, 2, null).catch(() => {});
    await bridge?.stop();
    await owner.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
