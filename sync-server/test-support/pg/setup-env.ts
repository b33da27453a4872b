import { inject } from 'vitest';

/*
 * Runs before each test file of a PostgreSQL project, before the server's modules load: the
 * tables they pick (src/db/schema.ts) follow DATABASE_URL, and the test apps clone their
 * databases on this server (test-app.ts).
 */
process.env.DATABASE_URL = inject('postgresAdminUrl');
