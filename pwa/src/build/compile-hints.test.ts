import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, hintFirstLoadChunks } from './compile-hints.ts';

describe('compile hints on the first visit chunks', () => {
  it('heads the entry, customer, common and runtime chunks, and leaves the rest alone', () => {
    const bundle = {
      'assets/index-a.js': { type: 'chunk' as const, name: 'index', isEntry: true, code: 'a()' },
      'assets/customer-b.js': { type: 'chunk' as const, name: 'customer', isEntry: false, code: 'b()' },
      'assets/common-c.js': { type: 'chunk' as const, name: 'common', isEntry: false, code: 'c()' },
      'assets/owner-menu-d.js': { type: 'chunk' as const, name: 'owner-menu', isEntry: false, code: 'd()' },
      'assets/index-e.css': { type: 'asset' as const, name: 'index.css' },
    };
    const hinted = hintFirstLoadChunks(bundle);
    expect(hinted.sort()).toEqual(['assets/common-c.js', 'assets/customer-b.js', 'assets/index-a.js']);
    expect(bundle['assets/index-a.js'].code).toBe(`${COMPILE_HINT}a()`);
    expect(bundle['assets/owner-menu-d.js'].code).toBe('d()');
    // Twice (a watch rebuild) still one hint.
    hintFirstLoadChunks(bundle);
    expect(bundle['assets/customer-b.js'].code).toBe(`${COMPILE_HINT}b()`);
  });
});
