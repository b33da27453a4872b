import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w @comanda/sync-server` writes a new migration into ./drizzle; commit it.
export default defineConfig({
  dialect: 'sqlite',
  schema: './src/db/sqlite-schema.ts',
  out: './drizzle',
});
