import { CHAT_BURST } from '@comanda/shared-schema';

/**
 * The live hub's limits (DESIGN.md "Abuse": one incoming frame causes a bounded amount of work
 * and outgoing frames; a slow client is cut off). Sockets are counted on the instance that holds
 * them: in a hosted deployment a session's sockets may sit on several instances, so the caps are
 * per instance there, which still bounds what one instance holds.
 */

/**
 * A session's frame budget (shared by its sockets): a token bucket of `burst` frames, refilled
 * `perSecond`.
 */
export interface FrameBudget {
  burst: number;
  perSecond: number;
}

/**
 * A phone sends `joinChat` once per (re)connect and per `enableChat`, and one `sendMessage` per
 * message a person typed. The burst takes a reconnect that sends a backlog typed offline: the
 * `joinChat` plus as many messages as the chat's own burst rule stores (CHAT_BURST, refused
 * beyond with a message, not a closed socket), with room to spare for a second tab; then two a
 * second, more than anyone types. A session's sockets share it, so opening another socket or
 * reconnecting brings no new frames.
 */
export const CUSTOMER_FRAME_BUDGET: FrameBudget = { burst: CHAT_BURST.max + 5, perSecond: 2 };

/**
 * An owner's screen sends only the rare `discardCalledTable`; a tablet catching up after a
 * drop may send a few dozen at once. Owners are signed in with a venue: a larger budget.
 */
export const OWNER_FRAME_BUDGET: FrameBudget = { burst: 100, perSecond: 20 };

/**
 * A frame naming a table or venue the socket did not join is never sent by the app: it counts
 * as this many frames, so a socket probing other tables is closed sooner.
 */
export const STRAY_FRAME_COST = 5;

/** A stray frame is logged at most once per socket in this window (counting the others). */
export const STRAY_LOG_EVERY_MS = 60_000;

/**
 * Bytes waiting to be sent to one socket before it is dropped: far above a burst of real
 * events (the biggest, a table's chat history, is tens of KB), far below what a few hundred
 * stalled sockets could pin in memory. The client reconnects and catches up.
 */
export const MAX_BUFFERED_BYTES = 1024 * 1024;

/** Caps on open sockets, checked on the upgrade. */
export interface SocketCaps {
  /** A customer session: a phone's tabs, plus sockets of a network it just left (until pinged out). */
  customerPerSession: number;
  /** An owner session: one device's tabs and screens (each tablet signs in with its own session). */
  ownerPerSession: number;
  /**
   * One client address: a venue's phones often share its Wi-Fi's public address (and mobile
   * carriers share addresses too), so this is loose: a full house of 150-300 phones plus 20
   * owner screens fits; LIVE_MAX_SOCKETS_PER_ADDRESS changes it.
   */
  perAddress: number;
  /** Customer sockets on one venue: ten times a full house of 200. */
  customersPerVenue: number;
}

export const DEFAULT_SOCKET_CAPS: SocketCaps = {
  customerPerSession: 4,
  ownerPerSession: 10,
  perAddress: 500,
  customersPerVenue: 2000,
};

/**
 * Upgrades (sockets opened, or refused on a cap) per session and per address in a window,
 * through app.quotas: a client reconnecting in a loop costs the server an upgrade each time, even
 * when the socket is closed again at once. The PWA waits 1 to 5 s between attempts, so a tab that
 * keeps losing its connection opens at most one a second; a session may open two a second (an
 * owner's screen opening its ten tabs at once fits), an address twice its cap of sockets in the
 * window (a venue's Wi-Fi coming back: every phone at once, some twice).
 */
export const UPGRADE_WINDOW_MS = 10_000;
export const UPGRADES_PER_SESSION = 20;
export const UPGRADES_PER_ADDRESS_PER_CAP = 2;

/** Who opens a socket, for the caps. */
export interface Admission {
  /** The session's row id (the token's HMAC). */
  sessionId: string;
  /** Client address (behind TRUST_PROXY, the forwarded one, as Fastify's req.ip). */
  address: string;
  venueId: string;
  role: 'owner' | 'customer';
}

/** Open sockets counted per session, address and venue. */
export class SocketCounts {
  private readonly counts = new Map<string, number>();

  constructor(private readonly caps: SocketCaps) {}

  /** The first cap one more socket would pass, or null when it fits. */
  full(a: Admission): 'session' | 'address' | 'venue' | null {
    const sessionCap = a.role === 'owner' ? this.caps.ownerPerSession : this.caps.customerPerSession;
    if (this.get(sessionKey(a)) >= sessionCap) return 'session';
    if (this.get(addressKey(a)) >= this.caps.perAddress) return 'address';
    if (a.role === 'customer' && this.get(venueKey(a)) >= this.caps.customersPerVenue) return 'venue';
    return null;
  }

  add(a: Admission): void {
    for (const key of keys(a)) this.counts.set(key, this.get(key) + 1);
  }

  remove(a: Admission): void {
    for (const key of keys(a)) {
      const n = this.get(key) - 1;
      if (n > 0) this.counts.set(key, n);
      else this.counts.delete(key);
    }
  }

  /** Keys with sockets open (tests: nothing is left behind). */
  get size(): number {
    return this.counts.size;
  }

  private get(key: string): number {
    return this.counts.get(key) ?? 0;
  }
}

// A session's owner sockets and its customer sockets (the owner on a table's menu) apart.
const sessionKey = (a: Admission) => `s:${a.role}:${a.sessionId}`;
const addressKey = (a: Admission) => `a:${a.address}`;
const venueKey = (a: Admission) => `v:${a.venueId}`;
const keys = (a: Admission) =>
  a.role === 'customer' ? [sessionKey(a), addressKey(a), venueKey(a)] : [sessionKey(a), addressKey(a)];

/** A frame budget; `now` in ms from the app clock. */
export class TokenBucket {
  private tokens: number;
  private at: number;

  constructor(
    private readonly budget: FrameBudget,
    now: number,
  ) {
    this.tokens = budget.burst;
    this.at = now;
  }

  /** Takes `cost` tokens if there are that many; false (nothing taken) otherwise. */
  take(cost: number, now: number): boolean {
    // A clock set back refills nothing.
    const elapsed = Math.max(0, now - this.at);
    this.tokens = Math.min(this.budget.burst, this.tokens + (elapsed / 1000) * this.budget.perSecond);
    this.at = now;
    if (this.tokens < cost) return false;
    this.tokens -= cost;
    return true;
  }

  /** Whether it would be full again at `now` (then forgetting it changes nothing). */
  fullAt(now: number): boolean {
    return this.tokens + ((now - this.at) / 1000) * this.budget.perSecond >= this.budget.burst;
  }
}

/**
 * Frame budgets per session (its role and id), shared by the session's sockets and kept after
 * they close until full again: a new socket, or closing them all and coming back, brings no new
 * frames. Least recently used first; at most `maxKeys` are kept, so a flood of new sessions costs
 * bounded memory.
 */
export class FrameBudgets {
  private readonly buckets = new Map<string, TokenBucket>();

  constructor(private readonly maxKeys = 100_000) {}

  take(a: Admission, cost: number, now: number): boolean {
    const key = sessionKey(a);
    let bucket = this.buckets.get(key);
    if (bucket) this.buckets.delete(key);
    else bucket = new TokenBucket(a.role === 'owner' ? OWNER_FRAME_BUDGET : CUSTOMER_FRAME_BUDGET, now);
    // Re-inserted last: the map's order is least recently used first.
    this.buckets.set(key, bucket);
    if (this.buckets.size > this.maxKeys) {
      const oldest = this.buckets.keys().next().value;
      if (oldest !== undefined) this.buckets.delete(oldest);
    }
    return bucket.take(cost, now);
  }

  /** Forgets the budgets that are full again (the least recently used first). */
  prune(now: number): void {
    for (const [key, bucket] of this.buckets) {
      if (!bucket.fullAt(now)) return;
      this.buckets.delete(key);
    }
  }

  get size(): number {
    return this.buckets.size;
  }
}
