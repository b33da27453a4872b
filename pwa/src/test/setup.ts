// Every test file gets an in-memory IndexedDB (fake-indexeddb) in the jsdom window.
import 'fake-indexeddb/auto';
import { configure } from '@testing-library/react';
import Dexie from 'dexie';
import { IDBFactory } from 'fake-indexeddb';
import { vi } from 'vitest';

// The files of the `pwa` project share their worker's modules and global object
// (pwa/vitest.projects.ts: jsdom, React, Dexie and react-aria are loaded once a worker instead of
// once a file). Each file still starts as if alone: this file runs before each one, and gives it
// the app's own modules fresh (their module-level state: the server clock's offset, the carts,
// the sound, the read marks...), an empty IndexedDB, empty storage and an empty page.
vi.resetModules();
globalThis.indexedDB = new IDBFactory();
// Dexie keeps the factory it found when it loaded.
Dexie.dependencies.indexedDB = globalThis.indexedDB;
if (typeof window !== 'undefined') {
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API to expire them with
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  document.body.innerHTML = '';
  document.head.innerHTML = '';
  window.history.replaceState(null, '', '/');
}

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
