import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text files worth compressing; images and fonts are compressed formats already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
/**
 * Below this a file goes out as it is. Lower than the server's threshold for its JSON answers:
 * here compressing costs nothing per request, and the shell (index.html, about 1 KB) and the
 * bundler's runtime are on every first visit.
 */
export const PRECOMPRESS_MIN_BYTES = 512;

export interface Precompressed {
  file: string;
  bytes: number;
  br: number | null;
  gz: number | null;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/**
 * Writes `x.br` and `x.gz` beside every compressible file of `dir` of at least
 * `PRECOMPRESS_MIN_BYTES`: brotli at its best quality and gzip at level 9, since this runs once
 * per build, not per request. A copy that would not be smaller is not written. The server sends
 * the best copy the client accepts (`sync-server/src/http/pwa-static.ts`).
 */
export async function precompressDir(dir: string): Promise<Precompressed[]> {
  const files = (await filesUnder(dir)).filter((file) => COMPRESSIBLE.test(file));
  return Promise.all(
    files.map(async (file): Promise<Precompressed> => {
      const size = (await stat(file)).size;
      if (size < PRECOMPRESS_MIN_BYTES) return { file, bytes: size, br: null, gz: null };
      const source = await readFile(file);
      const [br, gzipped] = await Promise.all([
        brotli(source, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        }),
        gz(source, { level: 9 }),
      ]);
      const keepBr = br.length < source.length;
      const keepGz = gzipped.length < source.length;
      await Promise.all([
        keepBr ? writeFile(`${file}.br`, br) : null,
        keepGz ? writeFile(`${file}.gz`, gzipped) : null,
      ]);
      return {
        file,
        bytes: source.length,
        br: keepBr ? br.length : null,
        gz: keepGz ? gzipped.length : null,
      };
    }),
  );
}

/**
 * The build's last step: precompresses the output folder once everything is in it, the service
 * worker and workbox's runtime included (vite-plugin-pwa writes them in its own `closeBundle`,
 * which runs before a 'post' one). The precache list is made from the plain files only (its
 * patterns end in `.js`, `.css`...), so the worker still caches the bytes the page uses.
 */
export function precompress(): Plugin {
  let config: ResolvedConfig | null = null;
  return {
    name: 'comanda:precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        if (!config || config.build.ssr) return;
        const outDir = resolve(config.root, config.build.outDir);
        const done = await precompressDir(outDir);
        const made = done.filter((f) => f.br !== null);
        const raw = made.reduce((sum, f) => sum + f.bytes, 0);
        const br = made.reduce((sum, f) => sum + (f.br ?? 0), 0);
        config.logger.info(
          `precompress  ${made.length} files: ${(raw / 1024).toFixed(0)} KiB -> ${(br / 1024).toFixed(0)} KiB brotli`,
        );
      },
    },
  };
}
