// The client side of the order-live benches: owner logins, the phones' cart, the tablets' sockets
// and how an `order` frame names the order it carries.

import type { MenuDish } from '@comanda/shared-schema';
import { calls } from '@comanda/shared-schema';
import WebSocket from 'ws';
import { postJson, sessionCookie } from '../support/guest-orders.ts';
import type { LiveVenue } from './order-live-protocol.ts';

export async function loginCookie(url: string, body: unknown): Promise<string> {
  const res = await postJson(url, body);
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return sessionCookie(res);
}

/** Every venue's owner signed in once: a session holds ten sockets (live/limits.ts). */
export async function ownerCookies(base: string, venues: LiveVenue[], password: string): Promise<string[]> {
  const cookies: string[] = [];
  for (const venue of venues) {
    cookies.push(await loginCookie(`${base}${calls.ownerLogin.path}`, { email: venue.email, password }));
  }
  return cookies;
}

/** Three lines as the PWA sends them: one dish with its mandatory choices made, two plain ones. */
export async function threeLineCart(base: string, businessId: string, cookie: string): Promise<MenuDish[]> {
  const res = await postJson(`${base}${calls.userMenuGet.path}`, { businessId }, { cookie });
  if (!res.ok) throw new Error(`menu failed: ${res.status} ${await res.text()}`);
  const dishes = ((await res.json()) as { data: MenuDish[] }).data;
  const withChoice = dishes.find((d) => d.variants.some((v) => v.multi === 0));
  const plain = dishes.filter((d) => d.variants.length === 0).slice(0, 2);
  if (!withChoice || plain.length < 2) throw new Error('the demo menu lacks the dishes this bench orders');
  return [withChoice, ...plain].map((dish, i) => ({
    ...dish,
    amount: i + 1,
    variants: dish.variants.map((v) => ({ ...v, selected: v.multi === 0 ? (v.options[0] ?? null) : [] })),
  }));
}

/** The first line's note names the order: `"note":"ol<n>"`, unique in the frame. */
const MARK = Buffer.from('"note":"ol');
const QUOTE = 0x22;

/** The note that names order `n` (see `orderNumber`). */
export const orderNote = (n: number): string => `ol${n}`;

/** The order number in an `order` frame, or -1 for any other frame. Reads bytes, no JSON.parse. */
export function orderNumber(raw: Buffer): number {
  const at = raw.indexOf(MARK);
  if (at < 0) return -1;
  let n = 0;
  for (let i = at + MARK.length; i < raw.length; i++) {
    const c = raw[i] ?? QUOTE;
    if (c === QUOTE) return n;
    n = n * 10 + (c - 0x30);
  }
  return -1;
}

/**
 * Every tablet of every venue connected (batches of 50), tablet `slot` of venue `v` to the port
 * `portOf(v, slot)` names, each recording into `onOrder`.
 */
export async function connectTablets(
  portOf: (venue: number, slot: number) => number,
  venues: LiveVenue[],
  cookies: string[],
  perVenue: number,
  onOrder: (venue: number, slot: number, n: number, at: number) => void,
): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  const pending: Array<Promise<void>> = [];
  for (const [v, venue] of venues.entries()) {
    for (let slot = 0; slot < perVenue; slot++) {
      const ws = new WebSocket(`ws://127.0.0.1:${portOf(v, slot)}/live?ownerId=${venue.businessId}`, {
        headers: { cookie: cookies[v] ?? '' },
        perMessageDeflate: false,
      });
      sockets.push(ws);
      pending.push(
        new Promise<void>((resolve, reject) => {
          ws.once('error', reject);
          ws.once('unexpected-response', (_req, res) => reject(new Error(`live refused: ${res.statusCode}`)));
          ws.on('message', (raw: Buffer) => {
            const at = performance.now();
            const n = orderNumber(raw);
            if (n >= 0) onOrder(v, slot, n, at);
            else resolve(); // `connect` (or another event) first: the socket is in.
          });
        }),
      );
      if (pending.length >= 50) await Promise.all(pending.splice(0));
    }
  }
  await Promise.all(pending);
  return sockets;
}
