import { dialectOf, type StoreDialect } from '../config.ts';

export type { StoreDialect };

/**
 * Which database this process stores into (DESIGN.md "Persistence"): SQLite in a venue's box,
 * PostgreSQL hosted. It follows `DATABASE_URL` (`postgres://` or `postgresql://` selects
 * PostgreSQL) and is fixed when the server's modules load: the tables a repository imports
 * (`schema.ts`) are that store's, so one process runs on one store.
 */
export const storeDialect: StoreDialect = dialectOf(process.env.DATABASE_URL);
