import { calls } from '@comanda/shared-schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartLine, orderBody, placeOrder, setupVenue, type Venue } from '../../test-support/kits/ordering.ts';
import { post } from '../../test-support/test-app.ts';
import { COMPRESS_THRESHOLD_BYTES } from './compression.ts';

let v: Venue;
beforeAll(async () => {
  v = await setupVenue();
});
afterAll(() => v.app.close());

describe('only the answers that grow with the venue are compressed', () => {
  const br = { 'accept-encoding': 'br, gzip' };
  const note = 'senza ghiaccio, portare con la pizza, grazie mille '.repeat(2);

  it('an order’s answer goes out as it is, however long; the same lines read as history are compressed', async () => {
    const cart = Array.from({ length: 8 }, () => cartLine(v.menu.birra, 1, {}, note));
    const sent = await placeOrder(v, orderBody(v, cart), v.guest, br);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    expect(sent.headers['content-encoding']).toBeUndefined();

    const history = await post(
      v.app.app,
      calls.userHistoryGet.path,
      { tableId: v.tableId, ownerId: v.owner.venueId, socketId: 'abc' },
      v.guest,
      br,
    );
    expect(history.statusCode).toBe(200);
    expect(calls.userHistoryGet.large).toBe(true);
    expect(history.headers['content-encoding']).toBe('br');
  });
});
