/**
 * Who receives a live event: the venue's owner screens, its customers (every table), or both.
 * With a `tableId`, 'customers' narrows to that table's customers. 'account': the customer
 * sockets of one account (`userId`) at this venue, e.g. the customer who placed a delivery.
 */
export type Audience = 'owners' | 'customers' | 'all' | 'account';

/** One published event, as it travels between server instances. */
export interface LiveMessage {
  venueId: string;
  event: string;
  data: unknown;
  version?: number;
  tableId?: string;
  /** The account an 'account' message is for. */
  userId?: string;
  to: Audience;
  /** The sender's socket, not echoed (socket ids are random, so unique across instances). */
  exceptSocketId?: string;
}

/**
 * The fan-out seam. In the venue one process holds every socket and the local bus is enough;
 * a hosted deployment swaps in a broker (Redis pub/sub, PostgreSQL NOTIFY...) that delivers
 * each message to every instance's subscribers. The hub keeps no other shared state.
 */
export interface LiveBus {
  publish(message: LiveMessage): void;
  subscribe(listener: (message: LiveMessage) => void): () => void;
}

export function createLocalBus(): LiveBus {
  const listeners = new Set<(message: LiveMessage) => void>();
  return {
    publish(message) {
      for (const listener of listeners) listener(message);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
