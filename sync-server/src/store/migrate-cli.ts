import { dialectOf, resolveDatabasePath } from '../config.ts';
import { openStore } from '../db/client.ts';
import { migratePostgres, openPgPool, pgDb } from '../db/pg-client.ts';
import { renewGeneration } from './store-meta.ts';

/**
 * `npm run migrate`: applies the committed migrations to the database DATABASE_URL names. Hosted
 * on PostgreSQL it is a step of its own, run once before the instances start (a deploy's first
 * step, deploy/README.md), so instances never race to migrate and never start on an old schema.
 * On SQLite the server migrates at start anyway; this does the same without starting it.
 * `-- --after-restore`: also gives the database a new generation (store/store-meta.ts), the step
 * after `pg_restore` (deploy/README.md): every device then reloads from it.
 */
async function main(argv: string[]): Promise<number> {
  const afterRestore = argv.includes('--after-restore');
  const url = process.env.DATABASE_URL?.trim() || 'file:./data/comanda.db';
  if (dialectOf(url) === 'postgres') {
    await migratePostgres(url);
    console.log('PostgreSQL: migrations applied.');
    if (afterRestore) {
      const pool = openPgPool(url, { max: 1 });
      try {
        await renewGeneration(pgDb(pool));
      } finally {
        await pool.end();
      }
      console.log('A new generation: devices reload from this database.');
    }
    return 0;
  }
  const path = resolveDatabasePath(url, process.cwd());
  const store = openStore(path);
  if (afterRestore) await renewGeneration(store.db);
  await store.close();
  console.log(`SQLite ${path}: migrations applied.`);
  if (afterRestore) console.log('A new generation: devices reload from this database.');
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`migrate: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
