import {
  AppError,
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

/** Close codes: 1001 going away (shutdown), 1008 policy violation (malformed frame, flood). */
export const CLOSE_GOING_AWAY = 1001;
export const CLOSE_POLICY = 1008;

/**
 * Frames one socket may send within a second; one more closes it (1008 'too many frames'). A real
 * client never comes near: the PWA sends `joinChat` once per (re)connect and per `enableChat`, and
 * one `sendMessage` per message a person typed (a backlog typed offline leaves at once, and the
 * server takes at most 10 per 10 s anyway); owners send nothing but the rare `discardCalledTable`.
 */
export const MAX_FRAMES_PER_SECOND = 100;
const FRAME_WINDOW_MS = 1000;
/** A socket closed for a policy violation that does not finish the close handshake is cut. */
const CLOSE_GRACE_MS = 1000;

interface Connection {
  ws: WebSocket;
  info: LiveSocketInfo;
  alive: boolean;
  rooms: string[];
  /** Start of the current one-second window and the frames received in it (flood limit). */
  windowStart: number;
  framesInWindow: number;
  /** Closed for a violation: whatever it still sends is dropped unread. */
  refused: boolean;
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
    const conn: Connection = {
      ws,
      info,
      alive: true,
      rooms,
      // The first frame opens the first window.
      windowStart: Number.NEGATIVE_INFINITY,
      framesInWindow: 0,
      refused: false,
    };
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
    if (conn.refused) return;
    const now = performance.now();
    if (now - conn.windowStart >= FRAME_WINDOW_MS) {
      conn.windowStart = now;
      conn.framesInWindow = 0;
    }
    if (++conn.framesInWindow > MAX_FRAMES_PER_SECOND) {
      this.reject(conn, 'too many frames');
      return;
    }
    const frame = this.parseFrame(raw, isBinary);
    if ('refused' in frame) {
      this.reject(conn, frame.refused);
      return;
    }
    const handler = this.handlers.get(frame.name);
    if (!handler) return;
    Promise.resolve()
      .then(() => handler({ socket: conn.info, data: frame.data }))
      .catch((err: unknown) => {
        // A business refusal of a valid frame (an unknown table, say) is the client's mistake,
        // not a server failure: the socket stays, and the log keeps errors for real failures.
        if (err instanceof AppError && err.status < 500) {
          this.log.debug({ err, event: frame.name }, 'live event refused');
          return;
        }
        this.log.error({ err, event: frame.name }, 'live event handler failed');
      });
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
    conn.refused = true;
    conn.ws.close(CLOSE_POLICY, reason);
    // A client that keeps sending instead of answering the close would hold the socket (and
    // what it buffers) for ws's 30 s handshake timeout: cut it after a short grace.
    const cut = setTimeout(() => conn.ws.terminate(), CLOSE_GRACE_MS);
    cut.unref();
    conn.ws.once('close', () => clearTimeout(cut));
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
