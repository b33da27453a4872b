// The sockets of the hosted broadcast bench (broadcast-hosted.ts): each venue's owner tablets and
// its customers' phones on /live, spread over the instances, each noting when it had a venue-wide
// `enableOrder`/`disableOrder` frame and which venue version it carried.

import WebSocket from 'ws';
import type { LiveVenue } from './order-live-protocol.ts';

/** One socket's place: its venue, the instance it is on. */
export interface Placed {
  venue: number;
  instance: number;
}

/** A toggle frame as a socket had it. */
export interface Heard {
  socket: number;
  version: number;
  at: number;
}

export interface VenueShape {
  /** Owner sockets of each venue (one owner session holds ten: live/limits.ts). */
  owners: number;
  /** Guest sessions of each venue, each with `perGuest` sockets on one of its tables. */
  guests: number;
  perGuest: number;
}

const TOGGLE = Buffer.from('ableOrder"');
const VERSION = Buffer.from('"version":');

/** The venue version in a toggle frame, -1 for any other frame. Reads bytes, no JSON.parse. */
export function toggleVersion(raw: Buffer): number {
  if (raw.indexOf(TOGGLE) < 0) return -1;
  const at = raw.indexOf(VERSION);
  if (at < 0) return -1;
  let n = 0;
  for (let i = at + VERSION.length; i < raw.length; i++) {
    const c = raw[i] ?? 0;
    if (c < 0x30 || c > 0x39) break;
    n = n * 10 + (c - 0x30);
  }
  return n;
}

/** Who a socket is: its venue and its rank there, its session and the query of its /live URL. */
interface Slot {
  venue: number;
  rank: number;
  cookie: string;
  query: string;
}

/**
 * Every venue's sockets (owners first, then the guests' phones on the venue's tables in turn).
 * Over k instances socket j of venue v belongs on instance (v + j) mod k; `place` connects each
 * socket that is not where it belongs yet (100 at a time), so a second instance joining moves half
 * of them, as a proxy would rebalance. Each toggle frame is handed to `onToggle`.
 */
export class VenueSockets {
  readonly placed: Placed[] = [];
  private readonly slots: Slot[] = [];
  private readonly sockets: Array<WebSocket | null> = [];
  private dropped = 0;

  constructor(
    venues: LiveVenue[],
    ownerCookies: string[],
    guestCookies: string[],
    shape: VenueShape,
    private readonly onToggle: (heard: Heard) => void,
  ) {
    const perVenue = shape.owners + shape.guests * shape.perGuest;
    for (const [v, venue] of venues.entries()) {
      for (let j = 0; j < perVenue; j++) {
        const owner = j < shape.owners;
        const guest = Math.floor((j - shape.owners) / shape.perGuest);
        this.slots.push({
          venue: v,
          rank: j,
          cookie: (owner ? ownerCookies[v] : guestCookies[v * shape.guests + guest]) ?? '',
          query: `ownerId=${venue.businessId}${owner ? '' : `&tableId=${venue.tableIds[guest % venue.tableIds.length]}`}`,
        });
        this.placed.push({ venue: v, instance: -1 });
        this.sockets.push(null);
      }
    }
  }

  get size(): number {
    return this.slots.length;
  }

  /** Sockets the servers closed since the last `place`. */
  get closed(): number {
    return this.dropped;
  }

  /** Connects every socket not on its instance among `ports`; how many it (re)connected. */
  async place(ports: number[]): Promise<number> {
    this.dropped = 0;
    const pending: Array<Promise<void>> = [];
    let moved = 0;
    for (const [i, slot] of this.slots.entries()) {
      const instance = (slot.venue + slot.rank) % ports.length;
      const place = this.placed[i];
      if (!place || place.instance === instance) continue;
      this.drop(i);
      place.instance = instance;
      pending.push(this.open(i, ports[instance] ?? 0));
      moved += 1;
      if (pending.length >= 100) await Promise.all(pending.splice(0));
    }
    await Promise.all(pending);
    return moved;
  }

  terminate(): void {
    for (let i = 0; i < this.sockets.length; i++) this.drop(i);
  }

  private drop(i: number): void {
    const ws = this.sockets[i];
    if (!ws) return;
    ws.removeAllListeners();
    ws.on('error', () => {});
    ws.terminate();
    this.sockets[i] = null;
  }

  private open(i: number, port: number): Promise<void> {
    const slot = this.slots[i] as Slot;
    const ws = new WebSocket(`ws://127.0.0.1:${port}/live?${slot.query}`, {
      headers: { cookie: slot.cookie },
      perMessageDeflate: false,
    });
    this.sockets[i] = ws;
    return new Promise<void>((resolve, reject) => {
      ws.once('error', reject);
      ws.once('unexpected-response', (_req, res) => reject(new Error(`live refused: ${res.statusCode}`)));
      ws.once('close', () => {
        this.dropped += 1;
      });
      ws.on('message', (raw: Buffer) => {
        const at = performance.now();
        const version = toggleVersion(raw);
        if (version >= 0) this.onToggle({ socket: i, version, at });
        else resolve(); // `connect` first: the socket is in.
      });
    });
  }
}
