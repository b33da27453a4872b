import { inject } from 'vitest';
import { createDatabase, dropDatabase } from '../../sync-server/test-support/pg/embedded.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The reliability-pg project's PostgreSQL (sync-server/test-support/pg/global-setup.ts). */
    postgresAdminUrl: string;
  }
}

/**
 * A fresh, migrated database of its own on the project's PostgreSQL, as a hosted deployment's
 * is after its migration step (DESIGN.md "Where it runs": migrations a separate step, so the
 * instances started on it never migrate). `drop` removes it, whoever is still connected.
 */
export async function freshDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = inject('postgresAdminUrl');
  const url = await createDatabase(adminUrl);
  return { url, drop: () => dropDatabase(adminUrl, url) };
}
