import { AsyncLocalStorage } from 'node:async_hooks';
import Database from 'better-sqlite3';
import type { Db } from '../src/db/client.ts';
import type { LastWrites } from '../src/store/port.ts';
import { SqlitePort } from '../src/store/sqlite-port.ts';

/**
 * A watch on every write statement of this process (store/no-stray-writes.test.ts). The port is
 * the only door to a write (store/port.ts): a statement that changes the database while no
 * `writeVenue`/`writeAccount` work of the port runs is a stray. On one SQLite connection a stray
 * run while a port transaction awaits would silently join that transaction; on PostgreSQL it
 * would run in no transaction at all.
 *
 * "Inside the port" is the port's work and whatever it awaits (an AsyncLocalStorage entered
 * around the work), on a connection in a transaction: another request's code that runs while
 * the work awaits is outside, however the turns interleave. Statements are seen where
 * better-sqlite3 runs them (Statement.run/get/all/iterate, Database.exec), which is where
 * drizzle's queries and prepared statements end; one SQLite calls read-only (SELECT, BEGIN,
 * SAVEPOINT) is no write, and neither are PRAGMAs.
 *
 * Not the server's writes, so not judged: opening and closing the store (db/client.ts: the
 * migrations run before the port exists), and a test's own setup, i.e. a write with test code
 * (test-support/, *.test.ts) among the calls of its turn, not counting the callers an await
 * resumed (a request's writes never have it: the server runs them in turns of its own).
 */

export interface StrayWrite {
  /** The table written (the name after INSERT INTO / UPDATE / DELETE FROM), or '?'. */
  table: string;
  sql: string;
  /** The server's frames that ran it, innermost first. */
  where: string[];
}

export interface WriteGuard {
  /** Every stray write seen so far, in order. */
  readonly strays: StrayWrite[];
  /** Write statements run inside the port so far: proof that a run reached the writes at all. */
  inside(): number;
  /** Puts every patched method back. */
  stop(): void;
}

type Method = (this: unknown, ...args: unknown[]) => unknown;

const WRITE_TARGET =
  /^\s*(?:insert\s+(?:or\s+\w+\s+)?into|replace\s+into|update(?:\s+or\s+\w+)?|delete\s+from)\s+["`[]?(\w+)/i;
/** Statements that steer transactions or settings, not data (the port's BEGIN and COMMIT...). */
const CONTROL = /^\s*(?:begin|commit|end|rollback|savepoint|release|pragma)\b/i;

const isOwn = (file: string): boolean =>
  file.includes('/sync-server/') &&
  !file.includes('/node_modules/') &&
  !file.includes('/test-support/write-guard.ts');
const isTestCode = (file: string): boolean => file.includes('/test-support/') || file.includes('.test.ts');
const isStoreOpening = (file: string): boolean => file.includes('/src/db/client.ts');

/** The calls that led here, innermost first; `isAsync()` marks those an await resumed. */
function callSites(): NodeJS.CallSite[] {
  const { stackTraceLimit, prepareStackTrace } = Error;
  Error.stackTraceLimit = 80;
  Error.prepareStackTrace = (_err, sites) => sites;
  const holder: { stack?: unknown } = {};
  Error.captureStackTrace(holder);
  const sites = holder.stack as NodeJS.CallSite[];
  Error.stackTraceLimit = stackTraceLimit;
  Error.prepareStackTrace = prepareStackTrace;
  return sites;
}

/** This project's frames of the stack as printed (source-mapped), innermost first. */
function ownFrames(): string[] {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 80;
  const stack = new Error('write').stack ?? '';
  Error.stackTraceLimit = limit;
  return stack
    .split('\n')
    .slice(1)
    .map((line) => line.trim().replace(/^at /, ''))
    .filter(isOwn);
}

/** Starts the watch; `stop()` when done: the patches are process-wide. */
export function guardWrites(): WriteGuard {
  const inPort = new AsyncLocalStorage<true>();
  const strays: StrayWrite[] = [];
  let inside = 0;

  function check(database: Database.Database, sql: string): void {
    if (CONTROL.test(sql)) return;
    if (inPort.getStore() === true && database.inTransaction) {
      inside++;
      return;
    }
    // What ran in this turn (an await's resumed callers are not the ones that called).
    const files = callSites()
      .filter((site) => !site.isAsync())
      .map((site) => site.getFileName() ?? '')
      .filter(isOwn);
    if (files.some(isStoreOpening) || files.some(isTestCode)) return;
    const table = WRITE_TARGET.exec(sql)?.[1] ?? '?';
    strays.push({ table, sql: sql.replace(/\s+/g, ' ').slice(0, 160), where: ownFrames().slice(0, 8) });
  }

  const restore: Array<() => void> = [];
  const patch = (target: object, name: string, wrap: (original: Method) => Method): void => {
    const methods = target as Record<string, Method>;
    const original = methods[name];
    if (!original) throw new Error(`write guard: no method ${name} to watch`);
    methods[name] = wrap(original);
    restore.push(() => {
      methods[name] = original;
    });
  };

  const probe = new Database(':memory:');
  const statementMethods = Object.getPrototypeOf(probe.prepare('SELECT 1')) as object;
  probe.close();
  for (const name of ['run', 'get', 'all', 'iterate']) {
    patch(
      statementMethods,
      name,
      (original) =>
        function (this: unknown, ...args: unknown[]) {
          const statement = this as Database.Statement;
          if (!statement.readonly) check(statement.database, statement.source);
          return original.apply(this, args);
        },
    );
  }
  patch(
    Database.prototype,
    'exec',
    (original) =>
      function (this: unknown, ...args: unknown[]) {
        check(this as Database.Database, String(args[0]));
        return original.apply(this, args);
      },
  );

  // The port's work runs inside `inPort`, and so does everything it awaits.
  const port = SqlitePort.prototype;
  const { writeVenue, writeAccount } = port;
  port.writeVenue = function <T>(
    this: SqlitePort,
    venueId: string,
    work: (tx: Db, last: LastWrites) => T | Promise<T>,
  ) {
    return writeVenue.call(this, venueId, (tx: Db, last: LastWrites) =>
      inPort.run(true, () => work(tx, last)),
    ) as Promise<T>;
  };
  port.writeAccount = function <T>(this: SqlitePort, work: (tx: Db) => T | Promise<T>) {
    return writeAccount.call(this, (tx: Db) => inPort.run(true, () => work(tx))) as Promise<T>;
  };
  restore.push(() => {
    port.writeVenue = writeVenue;
    port.writeAccount = writeAccount;
  });

  return {
    strays,
    inside: () => inside,
    stop() {
      for (const undo of restore.reverse()) undo();
    },
  };
}
