import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { CHAT_BURST, calls, syncCalls, t } from '@comanda/shared-schema';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { setupVenue, type Venue } from '../../test-support/kits/ordering.ts';
import { connectLive, device, type LiveClient, listen, settle } from '../../test-support/kits/rooms.ts';
import { createGuest, createOwner, type Owner, post } from '../../test-support/test-app.ts';
import { chatMessages, orders } from '../db/schema.ts';

/**
 * Table chat over real sockets: the venue's tablets, a phone at the table, a phone at
 * another table of the venue, and another venue's tablet and phone.
 */
let v: Venue;
let base: string;
let other: Owner;
let otherTableId: string;
let tabletA: LiveClient;
let tabletB: LiveClient;
let phone: LiveClient;
let neighbour: LiveClient;
let stranger: LiveClient;
let strangerPhone: LiveClient;
const sockets: WebSocket[] = [];

async function live(query: string, cookie: string): Promise<LiveClient> {
  const client = await connectLive(base, query, cookie);
  sockets.push(client.ws);
  return client;
}

beforeEach(async () => {
  v = await setupVenue();
  base = await listen(v.app);
  other = await createOwner(v.app);
  const otherTablet = device(v.app, other);
  const otherRoom = await otherTablet.send(calls.roomsAdd.path, { name: 'Sala' });
  const otherTable = await otherTablet.send(calls.tablesAdd.path, {
    roomId: otherRoom.json().id,
    x: 10,
    y: 70,
  });
  otherTableId = otherTable.json().id;
  const venue = `ownerId=${v.owner.venueId}`;
  tabletA = await live(venue, v.owner.cookie);
  tabletB = await live(venue, v.owner.cookie);
  phone = await live(`${venue}&tableId=${v.tableId}`, v.guest);
  neighbour = await live(`${venue}&tableId=${v.otherTableId}`, await createGuest(v.app));
  stranger = await live(`ownerId=${other.venueId}`, other.cookie);
  strangerPhone = await live(`ownerId=${other.venueId}&tableId=${otherTableId}`, await createGuest(v.app));
});
afterEach(async () => {
  for (const ws of sockets.splice(0)) if (ws.readyState === WebSocket.OPEN) ws.terminate();
  await v.app.close();
});

const say = (client: LiveClient, data: Record<string, unknown>) =>
  client.ws.send(JSON.stringify({ event: 'sendMessage', data }));
const fromPhone = (text: string, extra: Record<string, unknown> = {}) =>
  say(phone, { ownerId: v.owner.venueId, tableId: v.tableId, text, ...extra });
const stored = async () => await v.app.app.store.db.select().from(chatMessages);
const nothingElseHeard = async (...clients: LiveClient[]) => {
  await settle();
  for (const c of clients) expect(c.frames).toEqual([]);
};

describe('a customer writes from the table', () => {
  it('stores it and sends it to the venue tablets and that table (the sender as its echo), nobody else', async () => {
    const id = randomUUID();
    fromPhone('Possiamo avere del pane?', { id });
    const echo = await phone.next('recieveMessage');
    expect(echo.data).toEqual({
      id,
      tableId: v.tableId,
      text: 'Possiamo avere del pane?',
      time: expect.any(String),
      from: 'user',
    });
    for (const tablet of [tabletA, tabletB]) expect(await tablet.next('recieveMessage')).toEqual(echo);
    expect(echo.version).toBeGreaterThan(0);
    await nothingElseHeard(neighbour, stranger, strangerPhone);
    expect(await stored()).toHaveLength(1);
    // Owner devices keep it offline: snapshot and change log.
    const snap = await v.app.app.inject({
      method: 'GET',
      url: syncCalls.snapshot.path,
      headers: { cookie: v.owner.cookie },
    });
    expect(snap.json().rows).toContainEqual({ entity: 'chatMessage', entityId: id, data: echo.data });
    const changes = await v.app.app.inject({
      method: 'GET',
      url: `${syncCalls.changes.path}?since=${(echo.version ?? 1) - 1}`,
      headers: { cookie: v.owner.cookie },
    });
    expect(changes.json().changes).toContainEqual(
      expect.objectContaining({ entity: 'chatMessage', entityId: id, op: 'put', data: echo.data }),
    );
  });

  it('keeps markup as typed and sends it back as plain text', async () => {
    const text = '<script>alert("x")</script><b>ciao</b> & <img src=x onerror=alert(1)>';
    fromPhone(text);
    expect((await tabletA.next('recieveMessage')).data.text).toBe(text);
    expect((await stored())[0]?.text).toBe(text);
    say(phone, { ownerId: v.owner.venueId, tableId: v.tableId, text: 'x' });
    phone.ws.send(
      JSON.stringify({ event: 'joinChat', data: { ownerId: v.owner.venueId, tableId: v.tableId } }),
    );
    const history = await phone.next('syncMessages');
    expect((history.data.messages as Array<{ text: string }>)[0]?.text).toBe(text);
  });

  it('a resend of the same id after a drop is stored once; its sender hears it again, the tablets do not', async () => {
    const id = randomUUID();
    fromPhone('Un altro bicchiere', { id });
    for (const client of [tabletA, tabletB, phone]) await client.next('recieveMessage');
    fromPhone('Un altro bicchiere', { id });
    expect((await phone.next('recieveMessage')).data.id).toBe(id);
    await nothingElseHeard(tabletA, tabletB);
    expect(await stored()).toHaveLength(1);
  });
});

describe('refused messages', () => {
  it('an empty or blank message, a 501-character one: nothing stored, nobody hears', async () => {
    fromPhone('   \n ');
    expect((await phone.next('messageRefused')).data).toMatchObject({
      tableId: v.tableId,
      code: 'VALIDATION',
      error: t.chatMessageRequired,
    });
    // Outside the contract (empty, over 500): the socket is closed as a policy violation.
    for (const text of ['', 'x'.repeat(501)]) {
      const client = await live(`ownerId=${v.owner.venueId}&tableId=${v.tableId}`, v.guest);
      say(client, { ownerId: v.owner.venueId, tableId: v.tableId, text });
      const [code] = await once(client.ws, 'close');
      expect(code).toBe(1008);
    }
    await nothingElseHeard(tabletA, tabletB);
    expect(await stored()).toEqual([]);
    // 500 is the limit, not beyond.
    fromPhone('x'.repeat(500));
    expect((await tabletA.next('recieveMessage')).data.text).toHaveLength(500);
  });

  it('with the chat switched off: refused with the reason, history refused too', async () => {
    await v.tablet.send(calls.ownerChatToggle.path, {});
    for (const client of [phone, tabletA, tabletB]) await client.next('disableChat');
    const id = randomUUID();
    fromPhone('Ciao', { id });
    expect((await phone.next('messageRefused')).data).toEqual({
      tableId: v.tableId,
      id,
      code: 'CHAT_DISABLED',
      error: t.chatDisabled,
    });
    phone.ws.send(
      JSON.stringify({ event: 'joinChat', data: { ownerId: v.owner.venueId, tableId: v.tableId } }),
    );
    expect((await phone.next('messageRefused')).data.code).toBe('CHAT_DISABLED');
    const answer = await v.tablet.send(calls.ownerChatSend.path, { tableId: v.tableId, text: 'Arrivo' });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ code: 'CHAT_DISABLED', error: t.chatDisabled });
    await nothingElseHeard(tabletA, tabletB);
    expect(await stored()).toEqual([]);
  });

  it('an invalid table: no socket for it, another table of the venue, a table deleted since', async () => {
    const bogus = new WebSocket(`${base}/live?ownerId=${v.owner.venueId}&tableId=nope`, {
      headers: { cookie: v.guest },
    });
    bogus.on('error', () => undefined);
    const [, refusal] = (await once(bogus, 'unexpected-response')) as [unknown, { statusCode: number }];
    expect(refusal.statusCode).toBe(403);
    bogus.terminate();
    // The phone joined table 1 and speaks for table 2: ignored.
    say(phone, { ownerId: v.owner.venueId, tableId: v.otherTableId, text: 'Sono il tavolo 2' });
    await nothingElseHeard(tabletA, neighbour);
    // The table is deleted while the phone is connected.
    await v.tablet.send(calls.tablesDelete.path, { id: v.tableId, businessId: v.owner.venueId });
    await settle();
    phone.frames.length = 0;
    fromPhone('Ci siete?');
    expect((await phone.next('messageRefused')).data).toMatchObject({
      code: 'TABLE_INVALID',
      error: t.invalidTable,
    });
    expect(await stored()).toEqual([]);
  });

  it("another venue's sockets cannot write to this venue's table, nor its owner's socket", async () => {
    say(strangerPhone, { ownerId: v.owner.venueId, tableId: v.tableId, text: 'Spam' });
    say(stranger, { ownerId: v.owner.venueId, tableId: v.tableId, text: 'Spam' });
    say(tabletA, { ownerId: v.owner.venueId, tableId: v.tableId, text: 'Dal tablet' });
    strangerPhone.ws.send(
      JSON.stringify({ event: 'joinChat', data: { ownerId: v.owner.venueId, tableId: v.tableId } }),
    );
    await nothingElseHeard(tabletB, phone, strangerPhone);
    expect(await stored()).toEqual([]);
    // Nor answer it through the outbox.
    const res = await post(
      v.app.app,
      calls.ownerChatSend.path,
      { tableId: v.tableId, text: 'Spam' },
      other.cookie,
      {
        'idempotency-key': randomUUID(),
      },
    );
    expect(res.json().code).toBe('TABLE_INVALID');
  });

  it(`more than ${CHAT_BURST.max} messages in ${CHAT_BURST.windowMs / 1000} s from one table: refused, then fine again`, async () => {
    for (let i = 1; i <= CHAT_BURST.max; i++) fromPhone(`Messaggio ${i}`);
    for (let i = 1; i <= CHAT_BURST.max; i++) await tabletA.next('recieveMessage');
    const id = randomUUID();
    fromPhone('Uno di troppo', { id });
    expect((await phone.next('messageRefused')).data).toEqual({
      tableId: v.tableId,
      id,
      code: 'CHAT_RATE_LIMITED',
      error: t.chatTooFast,
    });
    // The owner's answers do not count, nor does another table.
    expect(
      (await v.tablet.send(calls.ownerChatSend.path, { tableId: v.tableId, text: 'Calma' })).statusCode,
    ).toBe(200);
    say(neighbour, { ownerId: v.owner.venueId, tableId: v.otherTableId, text: 'Noi no' });
    expect((await tabletA.next('recieveMessage')).data.text).toBe('Calma');
    expect((await tabletA.next('recieveMessage')).data.text).toBe('Noi no');
    expect(await stored()).toHaveLength(CHAT_BURST.max + 2);
    v.app.app.clock.advance(CHAT_BURST.windowMs);
    fromPhone('Ora sì', { id });
    expect((await tabletA.next('recieveMessage')).data.id).toBe(id);
  });
  it('a phone writing once a second, for 15 seconds, is never refused', async () => {
    for (let i = 1; i <= 15; i++) {
      fromPhone(`Secondo ${i}`);
      expect((await tabletA.next('recieveMessage')).data.text).toBe(`Secondo ${i}`);
      v.app.app.clock.advance(1000 - 20);
    }
    expect(phone.frames.filter((f) => f.event === 'messageRefused')).toEqual([]);
    expect(await stored()).toHaveLength(15);
  });
});

describe('history and answers', () => {
  it('joinChat replays the conversation in order through syncMessages, without the previous party', async () => {
    // A previous party's message, then their order was completed.
    fromPhone('Conto, grazie');
    await tabletA.next('recieveMessage');
    v.app.app.clock.advance(60_000);
    const now = v.app.app.clock.nowMs();
    await v.app.app.store.db.insert(orders).values({
      id: randomUUID(),
      venueId: v.owner.venueId,
      kind: 'table',
      tableId: v.tableId,
      createdAt: now - 3_600_000,
      updatedAt: now,
      closedAt: now,
    });
    v.app.app.clock.advance(60_000);
    fromPhone('Buonasera!');
    await tabletA.next('recieveMessage');
    v.app.app.clock.advance(1000);
    await v.tablet.send(calls.ownerChatSend.path, { tableId: v.tableId, text: 'Benvenuti' });
    await tabletA.next('recieveMessage');
    phone.frames.length = 0;
    phone.ws.send(
      JSON.stringify({ event: 'joinChat', data: { ownerId: v.owner.venueId, tableId: v.tableId } }),
    );
    const history = await phone.next('syncMessages');
    expect(history.data.tableId).toBe(v.tableId);
    expect(
      (history.data.messages as Array<{ text: string; from: string }>).map((m) => [m.from, m.text]),
    ).toEqual([
      ['user', 'Buonasera!'],
      ['owner', 'Benvenuti'],
    ]);
    await nothingElseHeard(neighbour, tabletA);
  });

  it('an owner answers through the outbox: stored once, heard by the table and the other tablet, replay changes nothing', async () => {
    const id = randomUUID();
    const tablet = device(v.app, v.owner);
    const res = await tablet.send(
      calls.ownerChatSend.path,
      { id, tableId: v.tableId, text: '  Arriviamo subito  ' },
      tabletA.socketId,
    );
    expect(res.statusCode, res.body).toBe(200);
    const message = {
      id,
      tableId: v.tableId,
      text: 'Arriviamo subito',
      time: expect.any(String),
      from: 'owner',
    };
    expect(res.json()).toEqual({ success: true, message });
    const version = Number(res.headers['x-comanda-version']);
    expect(await phone.next('recieveMessage')).toEqual({ event: 'recieveMessage', data: message, version });
    expect((await tabletB.next('recieveMessage')).data).toEqual(message);
    await nothingElseHeard(tabletA, neighbour, stranger);
    const replay = await tablet.sendAs(1, calls.ownerChatSend.path, {
      id,
      tableId: v.tableId,
      text: 'Arriviamo subito',
    });
    expect(replay.headers['x-comanda-replayed']).toBe('1');
    expect(replay.json()).toEqual(res.json());
    await nothingElseHeard(phone, tabletB);
    expect(await v.app.app.store.db.select().from(chatMessages).where(eq(chatMessages.id, id))).toHaveLength(
      1,
    );
    // 501 characters and blank answers are refused with the rule's words.
    const long = await v.tablet.send(calls.ownerChatSend.path, { tableId: v.tableId, text: 'x'.repeat(501) });
    expect(long.json()).toMatchObject({ code: 'VALIDATION', issues: [{ message: t.chatMessageTooLong }] });
    const blank = await v.tablet.send(calls.ownerChatSend.path, { tableId: v.tableId, text: '   ' });
    expect(blank.json()).toMatchObject({ code: 'VALIDATION', issues: [{ message: t.chatMessageRequired }] });
  });

  it('the HTTP first load: a table for its customers, every table for the owner', async () => {
    fromPhone('Dal tavolo 1');
    await tabletA.next('recieveMessage');
    say(neighbour, { ownerId: v.owner.venueId, tableId: v.otherTableId, text: 'Dal tavolo 2' });
    await tabletA.next('recieveMessage');
    const get = (body: Record<string, unknown>, cookie: string) =>
      post(v.app.app, calls.chatMessagesGet.path, body, cookie);
    const table = await get({ ownerId: v.owner.venueId, tableId: v.tableId }, v.guest);
    expect(table.json().messages.map((m: { text: string }) => m.text)).toEqual(['Dal tavolo 1']);
    const venue = await get({ ownerId: v.owner.venueId }, v.owner.cookie);
    expect(venue.json().messages.map((m: { text: string }) => m.text)).toEqual([
      'Dal tavolo 1',
      'Dal tavolo 2',
    ]);
    expect((await get({ ownerId: v.owner.venueId }, v.guest)).json().code).toBe('TABLE_INVALID');
    expect((await get({ ownerId: other.venueId, tableId: v.tableId }, v.guest)).json().code).toBe(
      'TABLE_INVALID',
    );
  });
});
