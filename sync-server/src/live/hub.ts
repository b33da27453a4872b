import {
  type ClientEventData,
  type ClientEventName,
  ClientFrameSchema,
  clientEvents,
  type ServerEventData,
  type ServerEventName,
} from '@comanda/shared-schema';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { randomId } from '../lib/ids.ts';
import type { Audience, LiveBus, LiveMessage } from './bus.ts';

/** Who is on the other end of a socket, decided on the upgrade from the session cookie. */
export interface LiveSocketInfo {
  socketId: string;
  businessId: string;
  role: 'owner' | 'customer';
  tableId: string | null;
  userId: string;
}

export interface PublishOptions {
  /** The sender's socket (body `socketId` or header `x-socket-id`): it is not echoed. */
  exceptSocketId?: string | null;
  /** Business version after the change, so clients can spot a gap. */
  version?: number;
  /** Narrow to one table's customers (or, with `to: 'all'`, owners plus that table). */
  tableId?: string;
  /** Default: 'owners' without tableId, that table's customers with one. */
  to?: Audience;
}

export interface ClientEventContext<E extends ClientEventName> {
  socket: LiveSocketInfo;
  data: ClientEventData<E>;
}

export type ClientEventHandler<E extends ClientEventName> = (
  ctx: ClientEventContext<E>,
) => void | Promise<void>;

/** Close codes: 1001 going away (shutdown), 1008 policy violation (malformed frame). */
export const CLOSE_GOING_AWAY = 1001;
export const CLOSE_POLICY = 1008;

interface Connection {
  ws: WebSocket;
  info: LiveSocketInfo;
  alive: boolean;
  rooms: string[];
}

const ownersRoom = (businessId: string) => `o:${businessId}`;
const customersRoom = (businessId: string) => `c:${businessId}`;
const tableRoom = (businessId: string, tableId: string) => `t:${businessId}:${tableId}`;

/**
 * The live hub: rooms per venue (owners, customers) and per table, a `connect` frame with the
 * socket id, keep-alive pings, client events parsed with the shared schemas and dispatched to
 * the handlers features register. Publishing goes through the bus, so another instance's sockets
 * receive it too.
 */
export class LiveHub {
  private readonly rooms = new Map<string, Set<Connection>>();
  private readonly handlers = new Map<string, (ctx: ClientEventContext<ClientEventName>) => unknown>();
  private readonly unsubscribe: () => void;
  private readonly all = new Set<Connection>();
  private pingTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly bus: LiveBus,
    private readonly log: FastifyBaseLogger,
    private readonly pingIntervalMs: number,
  ) {
    this.unsubscribe = bus.subscribe((message) => this.deliver(message));
  }

  /** Publish a server event to a venue's sockets (after the change is committed). */
  publish<E extends ServerEventName>(
    businessId: string,
    event: E,
    data: ServerEventData<E>,
    options: PublishOptions = {},
  ): void {
    const message: LiveMessage = {
      businessId,
      event,
      data,
      to: options.to ?? (options.tableId ? 'customers' : 'owners'),
    };
    if (options.version !== undefined) message.version = options.version;
    if (options.tableId) message.tableId = options.tableId;
    if (options.exceptSocketId) message.exceptSocketId = options.exceptSocketId;
    this.bus.publish(message);
  }

  /** Register the handler of a client event (one per event name). */
  onClientEvent<E extends ClientEventName>(name: E, handler: ClientEventHandler<E>): void {
    if (this.handlers.has(name)) throw new Error(`live: a handler for '${name}' is already registered`);
    this.handlers.set(name, handler as (ctx: ClientEventContext<ClientEventName>) => unknown);
  }

  /** Tests of the hub itself: swap a feature's handler for a recording one. */
  replaceClientEventHandlerForTest<E extends ClientEventName>(name: E, handler: ClientEventHandler<E>): void {
    this.handlers.set(name, handler as (ctx: ClientEventContext<ClientEventName>) => unknown);
  }

  /** Number of open sockets on this instance. */
  get size(): number {
    return this.all.size;
  }

  /** Takes over an upgraded socket: joins its rooms and sends `connect`. */
  attach(ws: WebSocket, access: Omit<LiveSocketInfo, 'socketId'>): LiveSocketInfo {
    const info: LiveSocketInfo = { ...access, socketId: randomId() };
    // A customer without a table hears only the venue-wide events.
    const rooms =
      info.role === 'owner'
        ? [ownersRoom(info.businessId)]
        : info.tableId
          ? [customersRoom(info.businessId), tableRoom(info.businessId, info.tableId)]
          : [customersRoom(info.businessId)];
    const conn: Connection = { ws, info, alive: true, rooms };
    for (const room of rooms) this.join(room, conn);
    this.all.add(conn);
    this.ensurePing();

    ws.on('pong', () => {
      conn.alive = true;
    });
    ws.on('message', (raw, isBinary) => this.onFrame(conn, raw, isBinary));
    ws.on('close', () => this.detach(conn));
    ws.send(JSON.stringify({ event: 'connect', data: { socketId: info.socketId } }));
    return info;
  }

  /** Closes every socket of this instance (shutdown: 1001 so clients reconnect elsewhere). */
  closeAll(code = CLOSE_GOING_AWAY, reason = 'server shutting down'): void {
    for (const conn of this.all) conn.ws.close(code, reason);
  }

  stop(): void {
    this.unsubscribe();
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = undefined;
  }

  private join(room: string, conn: Connection): void {
    let set = this.rooms.get(room);
    if (!set) {
      set = new Set();
      this.rooms.set(room, set);
    }
    set.add(conn);
  }

  private detach(conn: Connection): void {
    for (const room of conn.rooms) {
      const set = this.rooms.get(room);
      set?.delete(conn);
      if (set && set.size === 0) this.rooms.delete(room);
    }
    this.all.delete(conn);
    if (this.all.size === 0 && this.pingTimer) {
      clearInterval(this.pingTimer);
      this.pingTimer = undefined;
    }
  }

  private deliver(message: LiveMessage): void {
    const targets: string[] = [];
    const { businessId, tableId, to } = message;
    if (to === 'owners' || to === 'all') targets.push(ownersRoom(businessId));
    if (to === 'customers' || to === 'all') {
      targets.push(tableId ? tableRoom(businessId, tableId) : customersRoom(businessId));
    }
    const frame: { event: string; data: unknown; version?: number } = {
      event: message.event,
      data: message.data,
    };
    if (message.version !== undefined) frame.version = message.version;
    // Serialised once for every recipient.
    const text = JSON.stringify(frame);
    for (const room of targets) {
      const set = this.rooms.get(room);
      if (!set) continue;
      for (const conn of set) {
        if (conn.info.socketId === message.exceptSocketId) continue;
        if (conn.ws.readyState === conn.ws.OPEN) conn.ws.send(text);
      }
    }
  }

  private onFrame(conn: Connection, raw: unknown, isBinary: boolean): void {
    const frame = this.parseFrame(raw, isBinary);
    if ('refused' in frame) {
      this.reject(conn, frame.refused);
      return;
    }
    const handler = this.handlers.get(frame.name);
    if (!handler) return;
    Promise.resolve()
      .then(() => handler({ socket: conn.info, data: frame.data }))
      .catch((err: unknown) => this.log.error({ err, event: frame.name }, 'live event handler failed'));
  }

  /** A client frame checked against the shared schemas, or why it is refused. */
  private parseFrame(
    raw: unknown,
    isBinary: boolean,
  ): { name: ClientEventName; data: ClientEventData<ClientEventName> } | { refused: string } {
    if (isBinary) return { refused: 'binary frames are not accepted' };
    let parsed: unknown;
    try {
      parsed = JSON.parse(String(raw));
    } catch {
      return { refused: 'frame is not JSON' };
    }
    const frame = ClientFrameSchema.safeParse(parsed);
    if (!frame.success) return { refused: 'frame must be {event, data}' };
    const name = frame.data.event;
    if (!Object.hasOwn(clientEvents, name)) return { refused: 'unknown event' };
    const data = clientEvents[name as ClientEventName].safeParse(frame.data.data);
    if (!data.success) return { refused: `invalid data for ${name}` };
    return { name: name as ClientEventName, data: data.data };
  }

  private reject(conn: Connection, reason: string): void {
    this.log.debug({ socketId: conn.info.socketId, reason }, 'live frame refused');
    conn.ws.close(CLOSE_POLICY, reason);
  }

  private ensurePing(): void {
    if (this.pingTimer) return;
    this.pingTimer = setInterval(() => this.pingAll(), this.pingIntervalMs);
    this.pingTimer.unref();
  }

  /** A socket that did not answer the previous ping is dead (tablet asleep, Wi-Fi gone). */
  private pingAll(): void {
    for (const conn of this.all) {
      if (!conn.alive) {
        conn.ws.terminate();
        continue;
      }
      conn.alive = false;
      conn.ws.ping();
    }
  }
}
