import type { Config } from '../config.ts';
import { storeDialect } from '../db/dialect.ts';
import type { AppStore } from './data-store.ts';
import { openPgStore } from './pg-port.ts';
import { openSqliteStore } from './sqlite-port.ts';

/**
 * The store the configuration names: the SQLite file (migrated here, at start), or the hosted
 * PostgreSQL database (migrated beforehand by `npm run migrate`, so instances never race).
 */
export async function openDataStore(config: Config, log: (message: string) => void): Promise<AppStore> {
  const wanted = config.postgres ? 'postgres' : 'sqlite';
  if (wanted !== storeDialect) {
    // The tables were chosen when the modules loaded (db/schema.ts), from the environment.
    throw new Error(
      `DATABASE_URL names a ${wanted} store, but this process loaded the ${storeDialect} tables: ` +
        'set DATABASE_URL in the environment before the server starts',
    );
  }
  return config.postgres
    ? await openPgStore(config.postgres.url, config.postgres)
    : openSqliteStore(config.databasePath, log);
}
