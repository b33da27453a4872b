import { defineConfig } from 'drizzle-kit';

// The hosted store's migrations (PostgreSQL), from the tables derived from src/db/sqlite-schema.ts:
// after a schema change, `npm run db:generate -w @comanda/sync-server` writes both; commit both.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/pg-tables.ts',
  out: './drizzle-pg',
});
