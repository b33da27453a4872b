import type { TestProject } from 'vitest/node';
import { startTestPostgres } from './embedded.ts';

/**
 * The PostgreSQL projects' global set-up (vitest.config.ts): one real PostgreSQL for the run,
 * its address handed to the test files (`inject('postgresAdminUrl')`, read by setup-env.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startTestPostgres();
  project.provide('postgresAdminUrl', server.adminUrl);
  return () => server.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAdminUrl: string;
  }
}
