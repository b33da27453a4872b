// Every test file gets an in-memory IndexedDB (fake-indexeddb) in the jsdom window.
import 'fake-indexeddb/auto';
import { configure } from '@testing-library/react';

// Screens are lazy chunks: on a loaded 2-core CI machine their first import can take longer
// than Testing Library's 1 s default, which made `findBy*` fail at random. The same 10 s ceiling
// as `vi.waitFor` (tests/support/vitest-waits.ts).
configure({ asyncUtilTimeout: 10_000 });

// jsdom lacks CSS.escape, which react-aria's modals use to find their focus scope.
if (typeof globalThis.CSS === 'undefined') {
  (globalThis as { CSS?: unknown }).CSS = { escape: (s: string) => s.replace(/[^\w-]/g, (c) => `\\${c}`) };
} else if (typeof CSS.escape !== 'function') {
  CSS.escape = (s: string) => s.replace(/[^\w-]/g, (c) => `\\${c}`);
}
