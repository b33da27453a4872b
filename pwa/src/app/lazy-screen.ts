import { CHUNK_LOAD_TIMEOUT_MS } from '@comanda/shared-schema';
import type { ComponentType } from 'react';

/** Spec section 9: a script chunk that has not loaded after 120 s (`CHUNK_LOAD_TIMEOUT_MS`). */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
}

/**
 * A route's `lazy` for a screen folder: loads its `index.tsx` (default export) on first visit,
 * so the first load of `/` carries only the shell.
 */
export function screen(load: () => Promise<{ default: ComponentType }>) {
  return async (): Promise<{ Component: ComponentType }> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ChunkLoadError('timeout')), CHUNK_LOAD_TIMEOUT_MS);
    });
    try {
      const mod = await Promise.race([load(), timeout]);
      return { Component: mod.default };
    } catch (err) {
      if (err instanceof ChunkLoadError) throw err;
      throw new ChunkLoadError(err instanceof Error ? err.message : String(err));
    } finally {
      clearTimeout(timer);
    }
  };
}
