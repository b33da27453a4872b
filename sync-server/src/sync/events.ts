import type { ServerEventData, ServerEventName } from '@comanda/shared-schema';

/**
 * Who receives an event: the venue's owner screens, its customers (narrowed to one table with a
 * `tableId`), both, or one account's customer sockets (`userId`). The live hub's audiences.
 */
export type EventAudience = 'owners' | 'customers' | 'all' | 'account';

/** Options of an event a mutation publishes (after commit, with the new version). */
export interface EventOptions {
  tableId?: string;
  to?: EventAudience;
  userId?: string;
  /** Also send it to the sender's socket (default: the sender is excluded). */
  includeSender?: boolean;
}

/**
 * Where committed events go: the live hub (live/hub.ts) as the sync core sees it. The core owns
 * this seam, so it needs nothing of the hub's sockets and the hub nothing of the core.
 */
export interface EventPublisher {
  publish<E extends ServerEventName>(
    venueId: string,
    event: E,
    data: ServerEventData<E>,
    options: Omit<EventOptions, 'includeSender'> & { version?: number; exceptSocketId?: string | null },
  ): void;
}
