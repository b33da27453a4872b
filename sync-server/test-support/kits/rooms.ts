import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SYNC_HEADERS } from '@comanda/shared-schema';
import { asc, eq } from 'drizzle-orm';
import WebSocket from 'ws';
import { first } from '../../src/db/client.ts';
import { changes, diningTables, rooms, venues } from '../../src/db/schema.ts';
import { type Owner, post, type TestApp } from '../test-app.ts';

/**
 * Test helpers of the rooms feature (imported by its tests only): an owner's device that numbers
 * its mutations as the PWA's outbox does, reads of the venue's rows and change log, and a real
 * websocket client.
 */

export interface Device {
  clientId: string;
  /** Sends the next mutation (ids 1, 2, 3... like an outbox), optionally as a live socket. */
  send(path: string, body?: unknown, socketId?: string): ReturnType<typeof post>;
  /** Sends with an explicit mutation id (a replay), without moving the counter. */
  sendAs(mutationId: number, path: string, body?: unknown): ReturnType<typeof post>;
}

export function device(t: TestApp, owner: Pick<Owner, 'cookie'>, clientId = randomUUID()): Device {
  let next = 1;
  const headers = (mutationId: number, socketId?: string) => ({
    [SYNC_HEADERS.clientId]: clientId,
    [SYNC_HEADERS.mutationId]: String(mutationId),
    ...(socketId ? { [SYNC_HEADERS.socketId]: socketId } : {}),
  });
  return {
    clientId,
    send: (path, body, socketId) => post(t.app, path, body, owner.cookie, headers(next++, socketId)),
    sendAs: (mutationId, path, body) => post(t.app, path, body, owner.cookie, headers(mutationId)),
  };
}

/** A venue's rooms and tables as stored, for "nothing changed" comparisons. */
export async function venueRows(t: TestApp, venueId: string) {
  const { db } = t.app.store;
  return {
    rooms: await db.select().from(rooms).where(eq(rooms.venueId, venueId)).orderBy(asc(rooms.id)),
    tables: await db
      .select()
      .from(diningTables)
      .where(eq(diningTables.venueId, venueId))
      .orderBy(asc(diningTables.id)),
    venue: await first(db.select().from(venues).where(eq(venues.id, venueId))),
  };
}

/** The venue's change log, oldest first, as the store keeps it. */
export async function changeLog(t: TestApp, venueId: string) {
  return await t.app.store.db
    .select({
      version: changes.version,
      entity: changes.entity,
      entityId: changes.entityId,
      op: changes.op,
      data: changes.data,
    })
    .from(changes)
    .where(eq(changes.venueId, venueId))
    .orderBy(asc(changes.seq));
}

export async function venueVersion(t: TestApp, venueId: string): Promise<number> {
  return (await venueRows(t, venueId)).venue?.version ?? -1;
}

export type Frame = { event: string; data: Record<string, unknown>; version?: number };

export interface LiveClient {
  ws: WebSocket;
  socketId: string;
  /** Frames received and not yet taken by `next`. */
  frames: Frame[];
  next(event: string): Promise<Frame>;
}

/** Listens on a loopback port (once) and returns the websocket base address. */
export async function listen(t: TestApp): Promise<string> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

/** A live client that records every frame; resolves once `connect` gave it its socket id. */
export async function connectLive(base: string, query: string, cookie: string): Promise<LiveClient> {
  const ws = new WebSocket(`${base}/live?${query}`, { headers: { cookie } });
  const frames: Frame[] = [];
  const waiters: Array<() => void> = [];
  ws.on('message', (raw) => {
    frames.push(JSON.parse(String(raw)) as Frame);
    for (const w of waiters.splice(0)) w();
  });
  await once(ws, 'open');
  const next = async (event: string): Promise<Frame> => {
    for (;;) {
      const found = frames.find((f) => f.event === event);
      if (found) {
        frames.splice(frames.indexOf(found), 1);
        return found;
      }
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  const hello = await next('connect');
  return { ws, frames, next, socketId: String(hello.data.socketId) };
}

/** Long enough for a frame on loopback to have arrived, if one was sent. */
export const settle = () => new Promise((r) => setTimeout(r, 60));
