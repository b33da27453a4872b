import type { Plugin } from 'vite';

/**
 * V8's explicit compile hint: a script whose first line is this comment has every function
 * compiled eagerly, on a background thread while it streams in, instead of lazily on the main
 * thread the first time each is called. (A Chromium feature since 136; other engines read a
 * comment.)
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** The chunks a customer's first visit runs nearly all of: the shell and the table's screens. */
const FIRST_LOAD_CHUNKS = new Set(['customer', 'common', 'rolldown-runtime']);

interface ChunkLike {
  type: 'chunk' | 'asset';
  name?: string;
  isEntry?: boolean;
  code?: string;
}

/** Puts the hint at the head of the entry chunk and the first visit's chunks, once. */
export function hintFirstLoadChunks(bundle: Record<string, ChunkLike>): string[] {
  const hinted: string[] = [];
  for (const [file, chunk] of Object.entries(bundle)) {
    if (chunk.type !== 'chunk' || chunk.code === undefined) continue;
    if (!chunk.isEntry && !FIRST_LOAD_CHUNKS.has(chunk.name ?? '')) continue;
    if (!chunk.code.startsWith(COMPILE_HINT)) chunk.code = COMPILE_HINT + chunk.code;
    hinted.push(file);
  }
  return hinted;
}

/**
 * The first visit of a table's menu is bound by the phone's main thread (ordering/README.md,
 * "First load"); much of it was compiling React's and the router's functions one by one as the
 * app started. Added after minification (a minifier drops comments), before the files are
 * written, precompressed and listed for the service worker.
 */
export function compileHints(): Plugin {
  return {
    name: 'comanda:compile-hints',
    apply: 'build',
    enforce: 'post',
    // After Vite's own last rewrites of the chunks (the preload map of the entry).
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        hintFirstLoadChunks(bundle as unknown as Record<string, ChunkLike>);
      },
    },
  };
}
