import { calls, NO_THANKS_LABEL, t } from '@comanda/shared-schema';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  cartLine,
  orderBody,
  placeOrder,
  setupVenue,
  setVenue,
  type Venue,
} from '../../test-support/kits/ordering.ts';
import { post } from '../../test-support/test-app.ts';

let v: Venue;

beforeEach(async () => {
  v = await setupVenue();
});
afterEach(async () => {
  await v.app.close();
});

const ask = (path: string, body: unknown, cookie = v.guest) => post(v.app.app, path, body, cookie);

describe('customer reads of the table flow', () => {
  it('isValidTable: the table number, or TABLE_INVALID for an unknown or another venue’s table', async () => {
    const ok = await ask(calls.userIsValidTable.path, {
      ownerId: v.owner.venueId,
      tableId: v.otherTableId,
    });
    expect(ok.json()).toEqual({ success: true, number: 2 });
    const other = await setupVenue(v.app);
    const foreign = await ask(calls.userIsValidTable.path, {
      ownerId: v.owner.venueId,
      tableId: other.tableId,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'TABLE_INVALID', error: t.invalidTable });
    const noVenue = await ask(calls.userIsValidTable.path, { ownerId: 'nope', tableId: v.tableId });
    expect(noVenue.json()).toMatchObject({ code: 'business_id_error' });
    expect(
      (await ask(calls.userIsValidTable.path, { ownerId: v.owner.venueId, tableId: v.tableId }, ''))
        .statusCode,
    ).toBe(401);
  });

  it('orderEnabled follows the owner switch; verify/businessId names the venue', async () => {
    const enabled = () => ask(calls.userOrderEnabledGet.path, { ownerId: v.owner.venueId });
    expect((await enabled()).json()).toEqual({ success: true, orderEnabled: 1 });
    await v.tablet.send(calls.ownerOrderToggle.path);
    expect((await enabled()).json()).toEqual({ success: true, orderEnabled: 0 });
    expect((await ask(calls.verifyBusinessId.path, { businessId: v.owner.venueId })).json()).toEqual({
      success: true,
      businessId: v.owner.venueId,
      name: 'Pizzeria da Mario',
    });
    const unknown = await ask(calls.verifyBusinessId.path, { businessId: 'nope' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'business_id_error' });
  });

  it('getClosedStatus: closed by the flag (with its message) or outside the hours, Rome time', async () => {
    const status = async () =>
      (await ask(calls.userClosedStatusGet.path, { ownerId: v.owner.venueId })).json();
    expect(await status()).toEqual({
      success: true,
      is_closed: 0,
      messaggioChiusura: null,
      openingTime: '18:00',
      closingTime: '23:00',
    });
    await setVenue(v.app, v.owner.venueId, { isClosed: true, messaggioChiusura: 'Chiusi per ferie' });
    expect(await status()).toMatchObject({ is_closed: 1, messaggioChiusura: 'Chiusi per ferie' });
    await setVenue(v.app, v.owner.venueId, {
      isClosed: false,
      messaggioChiusura: '',
      openingTime: '20:00',
      closingTime: '01:00',
    });
    expect(await status()).toMatchObject({ is_closed: 1, openingTime: '20:00', closingTime: '01:00' });
    v.app.app.clock.advance(5 * 3600_000 + 30 * 60_000); // 00:30 Rome, inside 20:00-01:00
    expect(await status()).toMatchObject({ is_closed: 0 });
  });

  it('menu/user/get: available dishes by name, categories with one by position, variants sorted', async () => {
    // An empty category is not a tab.
    await v.tablet.send(calls.ownerCategoryAdd.path, { name: 'Dolci', area: 'cucina' });
    const res = await ask(calls.userMenuGet.path, { businessId: v.owner.venueId });
    expect(res.statusCode, res.body).toBe(200);
    const menu = res.json() as {
      data: Array<{ name: string; variants: Array<{ options: Array<{ label: string }> }> }>;
      categories: Array<{ name: string; area: string }>;
    };
    expect(menu.data.map((d) => d.name)).toEqual(['Birra', 'Capricciosa', 'Margherita']);
    expect(menu.categories.map((c) => [c.name, c.area])).toEqual([
      ['Pizze', 'cucina'],
      ['Bevande', 'bar'],
    ]);
    expect(menu.data[1]?.variants[0]?.options[0]?.label).toBe(NO_THANKS_LABEL);
    const unknown = await ask(calls.userMenuGet.path, { businessId: 'nope' });
    expect(unknown.json()).toMatchObject({ success: false, code: 'business_id_error' });
  });

  it('menu/owner/order/get: the owner’s own orderable dishes; a foreign businessId is refused', async () => {
    const res = await ask(calls.ownerMenuOrderGet.path, { businessId: v.owner.venueId }, v.owner.cookie);
    expect((res.json() as { data: Array<{ name: string }> }).data.map((d) => d.name)).toEqual([
      'Birra',
      'Capricciosa',
      'Margherita',
    ]);
    expect((await ask(calls.ownerMenuOrderGet.path, {}, v.owner.cookie)).statusCode).toBe(200);
    const other = await setupVenue(v.app);
    expect(
      (await ask(calls.ownerMenuOrderGet.path, { businessId: other.owner.venueId }, v.owner.cookie))
        .statusCode,
    ).toBe(403);
    expect((await ask(calls.ownerMenuOrderGet.path, {}, v.guest)).statusCode).toBe(403);
  });

  it('history/user/get: the open order’s lines without the deleted ones, its discount; history_error otherwise', async () => {
    const history = (tableId = v.tableId, ownerId = v.owner.venueId) =>
      ask(calls.userHistoryGet.path, { tableId, ownerId, socketId: 'abc' });
    expect((await history()).json()).toEqual({ success: true, history: [], sconto: 0 });
    const sent = await placeOrder(
      v,
      orderBody(v, [cartLine(v.menu.birra, 2), cartLine(v.menu.margherita, 1, { Formato: ['Normale'] })]),
    );
    const lines = sent.json().lines as Array<{ id: string }>;
    expect((await history()).json()).toEqual({ success: true, history: lines, sconto: 0 });
    // The owner's discount reaches the table's history, so its total is the one collected.
    v.app.app.store.sqlite.prepare('UPDATE orders SET sconto = 150 WHERE table_id = ?').run(v.tableId);
    expect((await history()).json()).toMatchObject({ sconto: 150 });
    v.app.app.store.sqlite
      .prepare("UPDATE order_lines SET status = 'owner_deleted' WHERE id = ?")
      .run(lines[0]?.id);
    expect((await history()).json().history).toEqual([lines[1]]);
    const other = await setupVenue(v.app);
    for (const res of [
      await history(other.tableId),
      await history(v.tableId, other.owner.venueId),
      await history('nope'),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'history_error', error: t.invalidTable });
    }
  });
});
