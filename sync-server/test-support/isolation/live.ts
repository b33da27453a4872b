import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { type ClientEventName, clientEvents } from '@comanda/shared-schema';
import WebSocket from 'ws';
import { CUSTOMER_FRAME_BUDGET, STRAY_FRAME_COST } from '../../src/live/limits.ts';
import { anotherSession } from '../kits/live.ts';
import type { Frame, LiveClient } from '../kits/rooms.ts';
import { ID_KINDS, type TwoVenues, type VenueWorld } from '../two-venues.ts';
import type { Slot } from './calls.ts';
import { Judge, seeded } from './judge.ts';

/**
 * The isolation matrix on the live connection: every client event sent by the attacker's sockets
 * with the victim's ids changes nothing of the victim's and reaches none of its sockets; nobody
 * but the victim's own owners hears its owner events; a victim's table hears nothing of the
 * attacker; and the upgrade refuses a table of one venue under another.
 */

interface EventTemplate {
  data(w: VenueWorld): Record<string, unknown>;
  slots: readonly Slot[];
}

/** Every client event of shared-schema (the test checks the table names each one). */
export const LIVE_EVENT_TABLE: Record<ClientEventName, EventTemplate> = {
  sendMessage: {
    data: (w) => ({
      ownerId: w.owner.venueId,
      tableId: w.tables.t1,
      text: `${w.marker}ciao`,
      id: randomUUID(),
    }),
    slots: [
      { at: ['ownerId'], kinds: ['venue'] },
      { at: ['tableId'], kinds: ['table'] },
      { at: ['id'], kinds: ['chat'], mode: 'create' },
    ],
  },
  discardCalledTable: {
    data: (w) => ({ tableId: w.tables.t1, ownerId: w.owner.venueId }),
    slots: [
      { at: ['tableId'], kinds: ['table'] },
      { at: ['ownerId'], kinds: ['venue'] },
    ],
  },
  joinChat: {
    data: (w) => ({ ownerId: w.owner.venueId, tableId: w.tables.t1 }),
    slots: [
      { at: ['ownerId'], kinds: ['venue'] },
      { at: ['tableId'], kinds: ['table'] },
    ],
  },
};

export function liveCoverageProblems(): string[] {
  const table = Object.keys(LIVE_EVENT_TABLE).sort();
  const events = Object.keys(clientEvents).sort();
  return JSON.stringify(table) === JSON.stringify(events) ? [] : [`live table ${table} != events ${events}`];
}

/** Events a socket without a table may hear: venue-wide, without data. */
export const VENUE_WIDE_EVENTS = [
  'enableOrder',
  'disableOrder',
  'enableChat',
  'disableChat',
  'menuChanged',
  'venueChanged',
];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Frames a peer sends on one socket before it opens a fresh one: within a customer's frame
 * budget even when each names a table or venue the socket did not join (those cost
 * STRAY_FRAME_COST), so every frame of the matrix reaches the handlers.
 */
const FRAMES_PER_SOCKET = Math.floor(CUSTOMER_FRAME_BUDGET.burst / STRAY_FRAME_COST);

/**
 * A socket that reconnects when the hub closed it for a frame its schema refuses, or when it
 * has sent its share, each time on a new session of the same person; what its earlier sockets
 * heard is kept for `take`. Sockets are closed before the next opens and when the run ends.
 */
class Peer {
  client!: LiveClient;
  private sent = 0;
  private readonly heard: Frame[] = [];
  constructor(
    private readonly world: TwoVenues,
    readonly name: string,
    private readonly query: string,
    private readonly cookie: string,
  ) {}
  private opened = 0;
  async open(): Promise<this> {
    // After the first, a session per socket: each has its own frame budget (live/limits.ts).
    const cookie = this.opened++ === 0 ? this.cookie : await anotherSession(this.world.t.app, this.cookie);
    this.client = await this.world.live(this.query, cookie);
    this.sent = 0;
    return this;
  }
  async send(event: string, data: unknown): Promise<void> {
    if (this.sent >= FRAMES_PER_SOCKET || this.client.ws.readyState !== WebSocket.OPEN) {
      await this.close();
      await this.open();
    }
    this.client.ws.send(JSON.stringify({ event, data }));
    this.sent++;
  }
  /** Closes its socket; every frame the server sent it before has arrived then. */
  async close(): Promise<void> {
    const { ws, frames } = this.client;
    if (ws.readyState !== WebSocket.CLOSED) {
      const closed = once(ws, 'close');
      if (ws.readyState === WebSocket.OPEN) ws.close();
      await closed;
    }
    this.heard.push(...frames.splice(0));
  }
  take(): Array<{ event: string; text: string }> {
    return [...this.heard.splice(0), ...this.client.frames.splice(0)].map((f) => ({
      event: f.event,
      text: JSON.stringify(f),
    }));
  }
}

const closePeers = (peers: Peer[]) => Promise.all(peers.map((p) => p.close()));

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The victim's sockets: its tablet and a phone at its table 1. */
async function victimPeers(world: TwoVenues, victim: VenueWorld) {
  const id = victim.owner.venueId;
  return [
    await new Peer(world, 'victim tablet', `ownerId=${id}`, victim.owner.cookie).open(),
    await new Peer(world, 'victim phone', `ownerId=${id}&tableId=${victim.tables.t1}`, world.guest).open(),
  ];
}

export async function runLiveMatrix(
  world: TwoVenues,
  attacker: VenueWorld,
  victim: VenueWorld,
  options: { seed: number; mismatched: 'sample' | 'all' },
): Promise<Judge> {
  const judge = await Judge.open(world, victim, options.seed);
  const random = seeded(options.seed);
  const a = attacker.owner.venueId;
  const v = victim.owner.venueId;
  const senders = [
    await new Peer(world, 'attacker tablet', `ownerId=${a}`, attacker.owner.cookie).open(),
    await new Peer(world, 'attacker phone', `ownerId=${a}&tableId=${attacker.tables.t1}`, world.guest).open(),
    await new Peer(
      world,
      "attacker's owner on the victim's venue",
      `ownerId=${v}`,
      attacker.owner.cookie,
    ).open(),
    await new Peer(world, "a customer on the victim's venue", `ownerId=${v}`, world.customer).open(),
  ];
  const watched = await victimPeers(world, victim);

  for (const [event, template] of Object.entries(LIVE_EVENT_TABLE)) {
    const frames: unknown[] = [];
    for (const slot of template.slots) {
      for (const kind of ID_KINDS) {
        const ids = victim.ids[kind];
        const matching = slot.kinds.includes(kind);
        const sample = ids[Math.floor(random() * ids.length)];
        const picked = matching || options.mismatched === 'all' ? ids : sample ? [sample] : [];
        for (const id of picked) {
          // A new message's id must be a UUID; one of another kind may become the attacker's own.
          if (slot.mode === 'create' && !UUID.test(id)) continue;
          if (slot.mode === 'create' && !matching) world.adopted.add(id);
          const data = { ...template.data(attacker), [String(slot.at[0])]: id };
          frames.push(data);
        }
      }
    }
    frames.push({ ...template.data(attacker), ownerId: v, tableId: victim.tables.t1 });
    for (const sender of senders) {
      for (const data of frames) await sender.send(event, data);
      judge.count(frames.length);
    }
    await pause(150 + frames.length * 4);
    await judge.unchanged(`live ${event}`);
    // A refusal to the sender's own table names the message id it sent: not the victim's data.
    const sent = JSON.stringify(frames);
    for (const peer of senders) {
      for (const f of peer.take()) {
        const leaks = judge.probe.leaks(f.text, sent);
        if (leaks.length)
          judge.fail(`live ${event}: ${peer.name} heard ${leaks.join(', ')} :: ${f.text.slice(0, 200)}`);
      }
    }
    for (const peer of watched) {
      for (const f of peer.take()) judge.fail(`live ${event}: ${peer.name} heard ${f.text.slice(0, 200)}`);
    }
  }
  await closePeers([...senders, ...watched]);
  return judge;
}

/**
 * Sockets on the victim's venue without a table (the attacker's owner session, a customer, a
 * guest) while the victim works: they hear only venue-wide events, never its owner events.
 */
export async function runEavesdrop(
  world: TwoVenues,
  attacker: VenueWorld,
  victim: VenueWorld,
  act: () => Promise<void>,
) {
  const judge = await Judge.open(world, victim, 0);
  const v = victim.owner.venueId;
  const ears = [
    await new Peer(world, "attacker's owner session", `ownerId=${v}`, attacker.owner.cookie).open(),
    await new Peer(world, 'customer', `ownerId=${v}`, world.customer).open(),
    await new Peer(world, 'guest', `ownerId=${v}`, world.guest).open(),
  ];
  const victims = await victimPeers(world, victim);
  const tablet = victims[0] as Peer;
  await act();
  await pause(250);
  const heard: string[] = [];
  for (const ear of ears) {
    for (const f of ear.take()) {
      judge.count();
      heard.push(f.event);
      if (!VENUE_WIDE_EVENTS.includes(f.event))
        judge.fail(`${ear.name} heard the victim's '${f.event}': ${f.text.slice(0, 200)}`);
      const leaks = judge.probe.leaks(f.text, '');
      if (leaks.length) judge.fail(`${ear.name} heard ${leaks.join(', ')}`);
    }
  }
  const ownerHeard = tablet.take().map((f) => f.event);
  await closePeers([...ears, ...victims]);
  return { judge, heard, ownerHeard };
}

/** The victim's table phone and a customer on its menu hear nothing while the attacker works. */
export async function runQuietNeighbour(
  world: TwoVenues,
  attacker: VenueWorld,
  victim: VenueWorld,
  act: () => Promise<void>,
) {
  const judge = await Judge.open(world, victim, 0);
  const v = victim.owner.venueId;
  const peers = [
    await new Peer(
      world,
      'victim table phone',
      `ownerId=${v}&tableId=${victim.tables.t1}`,
      world.guest,
    ).open(),
    await new Peer(world, "customer on the victim's menu", `ownerId=${v}`, world.customer).open(),
  ];
  // The attacker's own phone at its table 1: what the victim's phone would have heard, were it there.
  const own = await new Peer(
    world,
    'attacker table phone',
    `ownerId=${attacker.owner.venueId}&tableId=${attacker.tables.t1}`,
    world.guest,
  ).open();
  await act();
  await pause(250);
  const heardByOwn = own.take().map((f) => f.event);
  judge.count(heardByOwn.length * peers.length);
  for (const peer of peers) {
    for (const f of peer.take()) judge.fail(`${peer.name} heard '${f.event}': ${f.text.slice(0, 200)}`);
  }
  await closePeers([...peers, own]);
  return { judge, heardByOwn };
}

/** The upgrade's answer (101 when it opened). */
export async function liveStatus(world: TwoVenues, query: string, cookie?: string): Promise<number> {
  const ws = new WebSocket(`${world.base}/live?${query}`, { headers: cookie ? { cookie } : {} });
  const status = await new Promise<number>((resolve) => {
    ws.once('open', () => resolve(101));
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.once('error', () => resolve(0));
  });
  ws.on('error', () => undefined);
  ws.terminate();
  return status;
}
