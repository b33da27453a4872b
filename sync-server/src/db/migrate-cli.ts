import { dialectOf, resolveDatabasePath } from '../config.ts';
import { openStore } from './client.ts';
import { migratePostgres } from './pg-client.ts';

/**
 * `npm run migrate`: applies the committed migrations to the database DATABASE_URL names. Hosted
 * on PostgreSQL it is a step of its own, run once before the instances start (a deploy's first
 * step, deploy/README.md), so instances never race to migrate and never start on an old schema.
 * On SQLite the server migrates at start anyway; this does the same without starting it.
 */
async function main(): Promise<number> {
  const url = process.env.DATABASE_URL?.trim() || 'file:./data/comanda.db';
  if (dialectOf(url) === 'postgres') {
    await migratePostgres(url);
    console.log('PostgreSQL: migrations applied.');
    return 0;
  }
  const path = resolveDatabasePath(url, process.cwd());
  const store = openStore(path);
  await store.close();
  console.log(`SQLite ${path}: migrations applied.`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`migrate: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
