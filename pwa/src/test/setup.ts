// Every test file gets an in-memory IndexedDB (fake-indexeddb) in the jsdom window.
import 'fake-indexeddb/auto';
