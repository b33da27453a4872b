import * as shared from '@comanda/shared-schema';
import { wireTable } from './wire-table.ts';

/**
 * The contract's wire table for `api.ts`. Built here from the call schemas when the source runs as
 * it is (tests, Node); a production build replaces this whole module by the finished table as a
 * literal (`inlineWireTable` in `vite.config.ts`), so the browser never builds a zod schema to send
 * a request.
 */
export const wire = wireTable(shared);
