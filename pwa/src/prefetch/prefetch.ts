import type { PrefetchGlobal } from './plan.ts';
import { prefetchTable } from './prefetch-table.ts';

/*
 * The page's first script (index.html): a classic `async` script, so it runs the moment it
 * arrives, before the document's module scripts, which wait for the parser and each other. It
 * imports and exports nothing once built (the build checks), so it is one plain file.
 */
if (typeof document !== 'undefined' && typeof fetch === 'function') {
  prefetchTable(document, location.pathname, globalThis as PrefetchGlobal, fetch.bind(globalThis), Date.now);
}
