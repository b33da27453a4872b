import {
  AppError,
  type ClientEventData,
  type ClientEventName,
  type ServerEventData,
  type ServerEventName,
} from '@comanda/shared-schema';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { randomId } from '../lib/ids.ts';
import type { Audience, LiveBus, LiveMessage } from './bus.ts';
import { closeWithGrace, frameBytes, parseClientFrame } from './frames.ts';
import {
  type Admission,
  DEFAULT_SOCKET_CAPS,
  FrameBudgets,
  MAX_BUFFERED_BYTES,
  type SocketCaps,
  SocketCounts,
  STRAY_FRAME_COST,
  STRAY_LOG_EVERY_MS,
} from './limits.ts';

/** Who is on the other end of a socket, decided on the upgrade from the session cookie. */
export interface LiveSocketInfo {
  socketId: string;
  venueId: string;
  role: 'owner' | 'customer';
  tableId: string | null;
  userId: string;
}

export interface PublishOptions {
  /** The sender's socket (body `socketId` or header `x-socket-id`): it is not echoed. */
  exceptSocketId?: string | null;
  /** Venue version after the change, so clients can spot a gap. */
  version?: number;
  /** Narrow to one table's customers (or, with `to: 'all'`, owners plus that table). */
  tableId?: string;
  /** Default: 'owners' without tableId, that table's customers with one. */
  to?: Audience;
  /** With `to: 'account'`: the account whose customer sockets receive it. */
  userId?: string;
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

/** Socket errors that are the client's doing (a frame ws refuses, a connection cut): not ours. */
const CLIENT_SOCKET_ERRORS = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ECONNABORTED']);

export interface LiveHubOptions {
  /** Keep-alive interval (tests shorten it). */
  pingIntervalMs: number;
  /** The app clock, ms: frame budgets refill on it, so tests move it instead of waiting. */
  nowMs: () => number;
  /** Socket caps; unset ones keep DEFAULT_SOCKET_CAPS. */
  caps?: Partial<SocketCaps>;
}

/** What the hub did since it started (tests and the soak read it). */
export interface LiveStats {
  /** Frames read from clients. */
  framesIn: number;
  /** Frames written to clients (one per recipient). */
  framesOut: number;
  /** Sockets closed for a malformed frame or a flood. */
  refused: number;
  /** Sockets dropped because their send buffer backed up. */
  dropped: number;
}

interface Connection {
  ws: WebSocket;
  info: LiveSocketInfo;
  /** Its session, address and venue: the caps, and the session's frame budget. */
  admission: Admission;
  alive: boolean;
  rooms: string[];
  /** Frames naming a table it did not join, and when the last warning about them was logged. */
  strays: number;
  strayLoggedAt: number;
  /** Closed for a violation: whatever it still sends is dropped unread. */
  refused: boolean;
}

const ownersRoom = (venueId: string) => `o:${venueId}`;
const customersRoom = (venueId: string) => `c:${venueId}`;
const tableRoom = (venueId: string, tableId: string) => `t:${venueId}:${tableId}`;
const accountRoom = (venueId: string, userId: string) => `a:${venueId}:${userId}`;

/**
 * The live hub: rooms per venue (owners, customers) and per table, a `connect` frame with the
 * socket id, keep-alive pings, client events parsed with the shared schemas and dispatched to
 * the handlers features register. Publishing goes through the bus, so another instance's sockets
 * receive it too; an answer to a client frame goes to that socket alone (`reply`). DESIGN.md
 * "Abuse": sockets are capped per session, address and venue, each session has a frame budget
 * its sockets share, and a socket whose send buffer backs up is dropped (limits.ts).
 */
export class LiveHub {
  private readonly rooms = new Map<string, Set<Connection>>();
  private readonly handlers = new Map<string, (ctx: ClientEventContext<ClientEventName>) => unknown>();
  private readonly unsubscribe: () => void;
  private readonly all = new Set<Connection>();
  private readonly bySocketId = new Map<string, Connection>();
  private readonly byWs = new WeakMap<WebSocket, Connection>();
  private readonly counts: SocketCounts;
  /** Frames each session may still send (DESIGN.md "Abuse": customers far fewer than owners). */
  private readonly budgets = new FrameBudgets();
  private readonly nowMs: () => number;
  private readonly pingIntervalMs: number;
  private pingTimer: NodeJS.Timeout | undefined;
  readonly stats: LiveStats = { framesIn: 0, framesOut: 0, refused: 0, dropped: 0 };

  constructor(
    private readonly bus: LiveBus,
    private readonly log: FastifyBaseLogger,
    options: LiveHubOptions,
  ) {
    this.nowMs = options.nowMs;
    this.pingIntervalMs = options.pingIntervalMs;
    this.counts = new SocketCounts({ ...DEFAULT_SOCKET_CAPS, ...options.caps });
    this.unsubscribe = bus.subscribe((message) => this.deliver(message));
  }

  /** Publish a server event to a venue's sockets (after the change is committed). */
  publish<E extends ServerEventName>(
    venueId: string,
    event: E,
    data: ServerEventData<E>,
    options: PublishOptions = {},
  ): void {
    const message: LiveMessage = {
      venueId,
      event,
      data,
      to: options.to ?? (options.tableId ? 'customers' : 'owners'),
    };
    if (options.version !== undefined) message.version = options.version;
    if (options.tableId) message.tableId = options.tableId;
    if (options.userId) message.userId = options.userId;
    if (options.exceptSocketId) message.exceptSocketId = options.exceptSocketId;
    this.bus.publish(message);
  }

  /**
   * The answer to a client frame, to the socket that sent it and no other (one frame in, one
   * out). The socket is on this instance (its frame came in here), so no bus is needed; a socket
   * closed meanwhile gets nothing.
   */
  reply<E extends ServerEventName>(socket: LiveSocketInfo, event: E, data: ServerEventData<E>): void {
    const conn = this.bySocketId.get(socket.socketId);
    if (conn) this.send(conn, frameBytes({ event, data }));
  }

  /**
   * A frame naming a table or venue the socket did not join: the app never sends one. Logged at
   * most once a minute per socket (with the count), and it costs STRAY_FRAME_COST frames.
   */
  strayFrame(socket: LiveSocketInfo, event: ClientEventName): void {
    const conn = this.bySocketId.get(socket.socketId);
    if (!conn || conn.refused) return;
    conn.strays++;
    const now = this.nowMs();
    if (now - conn.strayLoggedAt >= STRAY_LOG_EVERY_MS) {
      conn.strayLoggedAt = now;
      this.log.warn(
        { socketId: socket.socketId, event, strays: conn.strays },
        'live frame for a table or venue this socket did not join',
      );
    }
    // The frame itself was counted when it came in.
    if (!this.budgets.take(conn.admission, STRAY_FRAME_COST - 1, now)) this.reject(conn, 'too many frames');
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

  /** Which cap one more socket of this session, address and venue would pass, or null. */
  admit(admission: Admission): 'session' | 'address' | 'venue' | null {
    return this.counts.full(admission);
  }

  /**
   * Takes over an upgraded socket: joins its rooms and sends `connect`. Upgrades that raced past
   * `admit` together are counted here: one over a cap is closed at once (1008) and gets null.
   */
  attach(
    ws: WebSocket,
    access: Omit<LiveSocketInfo, 'socketId'>,
    admission: Admission,
  ): LiveSocketInfo | null {
    const full = this.counts.full(admission);
    if (full) {
      this.log.debug({ cap: full, role: admission.role }, 'live socket over its cap');
      closeWithGrace(ws, CLOSE_POLICY, 'too many connections');
      return null;
    }
    const info: LiveSocketInfo = { ...access, socketId: randomId() };
    // A customer without a table hears only the venue-wide events, and its own account's.
    const rooms =
      info.role === 'owner'
        ? [ownersRoom(info.venueId)]
        : info.tableId
          ? [
              customersRoom(info.venueId),
              tableRoom(info.venueId, info.tableId),
              accountRoom(info.venueId, info.userId),
            ]
          : [customersRoom(info.venueId), accountRoom(info.venueId, info.userId)];
    const conn: Connection = {
      ws,
      info,
      admission,
      alive: true,
      rooms,
      strays: 0,
      strayLoggedAt: Number.NEGATIVE_INFINITY,
      refused: false,
    };
    for (const room of rooms) this.join(room, conn);
    this.all.add(conn);
    this.bySocketId.set(info.socketId, conn);
    this.byWs.set(ws, conn);
    this.counts.add(admission);
    this.ensurePing();

    ws.on('pong', () => {
      conn.alive = true;
    });
    ws.on('message', (raw, isBinary) => this.onFrame(conn, raw, isBinary));
    ws.on('close', () => this.detach(conn));
    this.send(conn, frameBytes({ event: 'connect', data: { socketId: info.socketId } }));
    return info;
  }

  /**
   * A socket's 'error' (the websocket plugin's error handler). A frame ws refuses (over the size
   * limit: ws has already closed it with 1009; bad UTF-8, a bad opcode) or a connection the client
   * cut is the client's doing: a debug line with the reason, like the hub's own refusals. Anything
   * else is ours. Either way the socket ends.
   */
  socketError(err: Error, ws: WebSocket): void {
    const code = (err as Error & { code?: unknown }).code;
    const socketId = this.byWs.get(ws)?.info.socketId;
    if (typeof code === 'string' && (code.startsWith('WS_ERR_') || CLIENT_SOCKET_ERRORS.has(code))) {
      this.log.debug({ socketId, code, reason: err.message }, 'live socket closed: client error');
    } else {
      this.log.error({ err, socketId }, 'live socket failed');
    }
    ws.terminate();
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
    if (!this.all.delete(conn)) return;
    for (const room of conn.rooms) {
      const set = this.rooms.get(room);
      set?.delete(conn);
      if (set && set.size === 0) this.rooms.delete(room);
    }
    this.bySocketId.delete(conn.info.socketId);
    this.counts.remove(conn.admission);
    if (this.all.size === 0 && this.pingTimer) {
      clearInterval(this.pingTimer);
      this.pingTimer = undefined;
    }
  }

  private deliver(message: LiveMessage): void {
    const targets: string[] = [];
    const { venueId, tableId, to } = message;
    if (to === 'owners' || to === 'all') targets.push(ownersRoom(venueId));
    if (to === 'customers' || to === 'all') {
      targets.push(tableId ? tableRoom(venueId, tableId) : customersRoom(venueId));
    }
    if (to === 'account' && message.userId) targets.push(accountRoom(venueId, message.userId));
    const frame: { event: string; data: unknown; version?: number } = {
      event: message.event,
      data: message.data,
    };
    if (message.version !== undefined) frame.version = message.version;
    // Serialised once; every recipient's queue holds the same bytes.
    let bytes: Buffer | undefined;
    for (const room of targets) {
      const set = this.rooms.get(room);
      if (!set) continue;
      for (const conn of set) {
        if (conn.info.socketId === message.exceptSocketId) continue;
        bytes ??= frameBytes(frame);
        this.send(conn, bytes);
      }
    }
  }

  /**
   * Writes one frame. A socket that does not read (a phone gone to sleep mid-send, a client that
   * never reads) would hold every frame in memory: once MAX_BUFFERED_BYTES wait, it is dropped
   * instead, and reconnects and catches up through the change log.
   */
  private send(conn: Connection, bytes: Buffer): void {
    const { ws } = conn;
    if (ws.readyState !== ws.OPEN) return;
    ws.send(bytes, { binary: false });
    this.stats.framesOut++;
    if (ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.stats.dropped++;
      this.log.info(
        { socketId: conn.info.socketId, buffered: ws.bufferedAmount },
        'live socket dropped: its send buffer backed up',
      );
      conn.refused = true;
      ws.terminate();
    }
  }

  private onFrame(conn: Connection, raw: unknown, isBinary: boolean): void {
    if (conn.refused) return;
    this.stats.framesIn++;
    if (!this.budgets.take(conn.admission, 1, this.nowMs())) {
      this.reject(conn, 'too many frames');
      return;
    }
    const frame = parseClientFrame(raw, isBinary);
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

  private reject(conn: Connection, reason: string): void {
    if (conn.refused) return;
    this.log.debug({ socketId: conn.info.socketId, reason }, 'live frame refused');
    this.stats.refused++;
    conn.refused = true;
    closeWithGrace(conn.ws, CLOSE_POLICY, reason);
  }

  private ensurePing(): void {
    if (this.pingTimer) return;
    this.pingTimer = setInterval(() => this.pingAll(), this.pingIntervalMs);
    this.pingTimer.unref();
  }

  /** A socket that did not answer the previous ping is dead (tablet asleep, Wi-Fi gone). */
  private pingAll(): void {
    this.budgets.prune(this.nowMs());
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
