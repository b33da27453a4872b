import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { LiveBus, LiveMessage } from './bus.ts';

/**
 * The live bus across instances on PostgreSQL's LISTEN/NOTIFY (DESIGN.md "Hosted"): the database
 * every instance already holds is the broker, so hosting needs no extra part. Each instance
 * delivers its own messages to its own sockets at once (as the local bus does) and sends them to
 * the others through one channel; it skips its own when they come back.
 *
 * - Order: one connection sends every message of this instance, and PostgreSQL delivers one
 *   session's notifications in the order they were sent. The connection is pipelined: a message
 *   goes out as soon as it is published, not after the one before has been answered, so a burst
 *   (a whole room's tables at once) costs one round trip, not one per message.
 * - Size: a notification carries at most 8000 bytes. A bigger message (an order with many lines)
 *   goes into `live_overflow` and the notification carries its id; the receivers read it there.
 *   Overflow rows older than a minute are deleted as new ones come.
 * - Loss: while the listening connection is down (a database restart) this instance hears
 *   nothing; it reconnects with a growing delay. Versioned events carry the venue's version, so a
 *   tablet that missed one sees the gap at the next and catches up (DESIGN.md "Live"); the
 *   unversioned ones (counts, calls) are refreshed by the next of their kind.
 */

export const LIVE_CHANNEL = 'comanda_live';
/** Under PostgreSQL's 8000-byte limit on a notification's payload, with room for the envelope. */
const NOTIFY_MAX_BYTES = 7000;
const OVERFLOW_KEEP_MS = 60_000;

/**
 * A message as it crosses between instances (the notification and `live_overflow`): the venue
 * under its stored name `businessId`, so instances of another release read each other's messages.
 */
type MessageWire = Omit<LiveMessage, 'venueId'> & { businessId: string };
type Envelope = { from: string; message?: MessageWire; ref?: number };

const toWire = ({ venueId, ...rest }: LiveMessage): MessageWire => ({ businessId: venueId, ...rest });
const fromWire = ({ businessId, ...rest }: MessageWire): LiveMessage => ({ venueId: businessId, ...rest });

export interface PgLiveBus extends LiveBus {
  /** Resolves once the instance listens (so a message published after it reaches this one). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export function createPgBus(url: string, log: { warn(obj: object, msg: string): void }): PgLiveBus {
  const instance = randomUUID();
  const listeners = new Set<(message: LiveMessage) => void>();
  const deliver = (message: LiveMessage) => {
    for (const listener of listeners) listener(message);
  };

  let closed = false;
  let sender: Promise<pg.Client> | null = null;
  /** Messages sent and not yet answered: `close` waits for them. */
  const sending = new Set<Promise<unknown>>();
  let receiving: Promise<void> = Promise.resolve();
  let listener: pg.Client | null = null;
  let retryMs = 100;
  let heard: () => void = () => {};
  const firstListen = new Promise<void>((resolve) => {
    heard = resolve;
  });

  const connect = async (pipeline = false): Promise<pg.Client> => {
    const client = new pg.Client({ connectionString: url, application_name: 'comanda-live', pipeline });
    await client.connect();
    return client;
  };

  async function listen(): Promise<void> {
    const client = await connect();
    client.on('notification', (n) => {
      const payload = n.payload;
      if (n.channel !== LIVE_CHANNEL || !payload) return;
      // In the order sent, even when one must be read from the overflow table first.
      receiving = receiving.then(() => receive(payload));
    });
    client.on('error', (err) => {
      log.warn({ err }, 'live bus: listening connection lost');
      void client.end().catch(() => undefined);
      if (listener === client) listener = null;
      reconnect();
    });
    await client.query(`LISTEN ${LIVE_CHANNEL}`);
    listener = client;
    retryMs = 100;
    heard();
  }

  function reconnect(): void {
    if (closed) return;
    setTimeout(() => {
      if (closed) return;
      listen().catch((err: unknown) => {
        log.warn({ err }, 'live bus: cannot listen yet');
        retryMs = Math.min(retryMs * 2, 5000);
        reconnect();
      });
    }, retryMs).unref();
  }

  async function receive(payload: string): Promise<void> {
    try {
      const envelope = JSON.parse(payload) as Envelope;
      if (envelope.from === instance) return;
      if (envelope.message) return deliver(fromWire(envelope.message));
      if (envelope.ref === undefined) return;
      const client = await senderClient();
      const row = await client.query<{ payload: MessageWire }>(
        'SELECT payload FROM live_overflow WHERE id = $1',
        [envelope.ref],
      );
      const message = row.rows[0]?.payload;
      if (message) deliver(fromWire(message));
    } catch (err) {
      log.warn({ err }, 'live bus: a message could not be read');
    }
  }

  /** The sending connection, opened once (every message waits for the same opening, in order). */
  function senderClient(): Promise<pg.Client> {
    if (sender) return sender;
    const opening = connect(true).then((client) => {
      client.on('error', (err) => {
        log.warn({ err }, 'live bus: sending connection lost');
        if (sender === opening) sender = null;
        void client.end().catch(() => undefined);
      });
      return client;
    });
    // A failed opening is not kept: the next message tries again.
    opening.catch(() => {
      if (sender === opening) sender = null;
    });
    sender = opening;
    return opening;
  }

  /** Sends one message without waiting for the ones before it (their order is the connection's). */
  function send(client: pg.Client, message: LiveMessage): Promise<unknown> {
    const wire = toWire(message);
    const inline = JSON.stringify({ from: instance, message: wire } satisfies Envelope);
    if (Buffer.byteLength(inline) <= NOTIFY_MAX_BYTES) {
      return client.query('SELECT pg_notify($1, $2)', [LIVE_CHANNEL, inline]);
    }
    // Stored and announced by one statement: the notification carries the new row's id.
    const stored = client.query(
      `WITH stored AS (INSERT INTO live_overflow (payload, created_at) VALUES ($1, $2) RETURNING id)
       SELECT pg_notify($3, json_build_object('from', $4::text, 'ref', (SELECT id FROM stored))::text)`,
      [JSON.stringify(wire), Date.now(), LIVE_CHANNEL, instance],
    );
    const swept = client.query('DELETE FROM live_overflow WHERE created_at < $1', [
      Date.now() - OVERFLOW_KEEP_MS,
    ]);
    return Promise.all([stored, swept]);
  }

  listen().catch((err: unknown) => {
    log.warn({ err }, 'live bus: cannot listen yet');
    reconnect();
  });

  return {
    publish(message) {
      deliver(message);
      // On one connection, sent in publish order: the other instances get them in this order.
      const sent = senderClient()
        .then((client) => send(client, message))
        .catch((err: unknown) => {
          // The others miss this one; their tablets catch up at the next versioned event.
          log.warn({ err }, 'live bus: a message did not reach the other instances');
        });
      sending.add(sent);
      void sent.finally(() => sending.delete(sent));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    ready() {
      return firstListen;
    },
    async close() {
      closed = true;
      await Promise.all(sending);
      const client = await sender?.catch(() => null);
      await Promise.all([listener?.end(), client?.end()].map((p) => p?.catch(() => undefined)));
      listener = null;
      sender = null;
    },
  };
}
