// What the venues child (order-live-server.ts) tells its parent over IPC once it listens: the
// order-live and chat benches and the abuse soak read the same message.

/** One venue the child made: its id, its owner's e-mail and its tables. */
export interface LiveVenue {
  businessId: string;
  email: string;
  tableIds: string[];
}

export interface LiveVenuesReady {
  type: 'ready';
  port: number;
  /** Every venue owner's password. */
  password: string;
  venues: LiveVenue[];
  /** Guest session cookies for the phones, one each. */
  guests: string[];
}
