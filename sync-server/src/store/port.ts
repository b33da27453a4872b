/**
 * The data floor's one seam (DESIGN.md "Persistence"): every read and write of the server goes
 * through a `StorePort`, and a write transaction has exactly one door, `writeVenue`. SQLite is the
 * first adapter (`sqlite-port.ts`); PostgreSQL is the second, with the same contract.
 *
 * `Tx` is what repositories take: the adapter's query handle inside the transaction.
 */
/**
 * A write transaction's last statements, sent with its commit: `writes` starts them all without
 * waiting for any (promise steps before a statement reaches the driver are fine, I/O is not), and
 * PostgreSQL gets COMMIT right behind them in the same round trip
 * (SQLite commits when the work resolves, as always). Resolves with their result once they ran and
 * the transaction committed; a failed statement rolls the whole transaction back and rejects.
 * The work issues no statement after them, and whatever it checks afterwards can no longer undo
 * them: a check that must be able to is made by the statements themselves.
 */
export type LastWrites = <R>(writes: () => Promise<R>) => Promise<R>;

export interface StorePort<Tx> {
  /**
   * Reads committed data. Never sees another request's transaction in progress, whatever that
   * transaction awaits meanwhile.
   */
  read<T>(work: (tx: Tx) => T | Promise<T>): Promise<T>;
  /**
   * Reads committed data with no transaction around it: each statement sees the commits before
   * it, but two statements need not see the same ones. For a read of one statement (a session, a
   * stored answer), which every request makes: on PostgreSQL that is the statement alone, where
   * `read` sends BEGIN and COMMIT around it.
   */
  lookup<T>(work: (tx: Tx) => T | Promise<T>): Promise<T>;
  /**
   * Runs `work` in a write transaction holding `venueId`'s lock: two writes of one venue never
   * interleave, so what `work` reads it may rely on until commit (a slot's free places, the next
   * table number, the venue's version). Commits when `work` resolves, rolls back when it throws;
   * the error is passed on unchanged.
   *
   * `last` lets the work send its last statements with the commit (see `LastWrites`).
   */
  writeVenue<T>(venueId: string, work: (tx: Tx, last: LastWrites) => T | Promise<T>): Promise<T>;
  /**
   * A write transaction on data of no venue (accounts, their links and sessions). It holds no
   * venue's lock: its races rest on unique constraints (one account an address), and the adapter
   * runs the work again when it lost one to a concurrent transaction, so the rerun meets the
   * winner's row and answers as if it had come second.
   */
  writeAccount<T>(work: (tx: Tx) => T | Promise<T>): Promise<T>;
  /**
   * `transient`: the same work may succeed if run again (a busy database, a serialization
   * failure, a dropped connection); `permanent`: anything else, which running again would repeat.
   */
  classify(err: unknown): 'transient' | 'permanent';
}
