import { AppError, defineCall, emptyBody, Id, ok, text } from '@comanda/shared-schema';
import { ComandaDb } from '../data/db.ts';
import type { LockManagerLike } from '../data/lock.ts';
import { SyncClient } from '../data/sync-client.ts';
import type { Mutator } from '../data/view.ts';
import { FakeServer } from './fake-server.ts';

/** Three owner mutations in the shape of the spec's room calls, for the sync tests. */
export const testCalls = {
  roomAdd: defineCall({
    method: 'POST',
    path: '/api/rooms/owner/add',
    access: 'owner',
    mutation: true,
    body: emptyBody.extend({ id: Id, name: text(99).min(1) }),
    response: ok({}),
  }),
  roomRename: defineCall({
    method: 'POST',
    path: '/api/rooms/owner/edit',
    access: 'owner',
    mutation: true,
    body: emptyBody.extend({ id: Id, name: text(99).min(1), socketId: text(64).optional() }),
    response: ok({}),
  }),
  roomDelete: defineCall({
    method: 'POST',
    path: '/api/rooms/owner/delete',
    access: 'owner',
    mutation: true,
    body: emptyBody.extend({ id: Id }),
    response: ok({}),
  }),
} as const;

export type Room = { id: string; name: string };
export type RoomTable = { id: string; roomId: string };

export const testMutators: Record<string, Mutator> = {
  roomAdd: {
    entities: ['room'],
    apply: (view, body) => {
      const b = body as Room;
      view.put('room', b.id, { id: b.id, name: b.name });
    },
  },
  roomRename: {
    entities: ['room'],
    apply: (view, body) => {
      const b = body as Room;
      const room = view.get<Room>('room', b.id);
      if (room) view.put('room', b.id, { ...room, name: b.name });
    },
  },
  roomDelete: {
    entities: ['room', 'table'],
    apply: (view, body) => {
      const { id } = body as { id: string };
      view.delete('room', id);
      for (const t of view.list<RoomTable>('table')) if (t.roomId === id) view.delete('table', t.id);
    },
  },
};

export function makeServer(): FakeServer {
  return new FakeServer(
    {
      '/api/rooms/owner/add': (b) => {
        if (b.name === 'bad') throw new AppError('INVALID_NAME', 'Nome vuoto o troppo lungo');
        if (b.name === 'altrui') throw new AppError('FORBIDDEN', 'Non è il tuo locale');
        return [{ entity: 'room', entityId: String(b.id), op: 'put', data: { id: b.id, name: b.name } }];
      },
      '/api/rooms/owner/edit': (b) => [
        { entity: 'room', entityId: String(b.id), op: 'put', data: { id: b.id, name: b.name } },
      ],
      '/api/rooms/owner/delete': (b) => [{ entity: 'room', entityId: String(b.id), op: 'delete' }],
    },
    testCalls,
  );
}

let dbCounter = 0;
export function freshDbName(): string {
  dbCounter++;
  return `comanda-test-${Date.now()}-${dbCounter}`;
}

export function makeClient(server: FakeServer, opts: { dbName?: string; locks?: LockManagerLike } = {}) {
  const db = new ComandaDb(opts.dbName ?? freshDbName());
  const client = new SyncClient({
    db,
    calls: testCalls,
    mutators: testMutators,
    fetch: server.fetch,
    random: () => 0,
    ...(opts.locks ? { locks: opts.locks } : {}),
  });
  return { db, client };
}
