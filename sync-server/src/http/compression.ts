import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go out as they are: a few hundred bytes gain nothing worth the CPU. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Brotli quality for answers made per request (JSON, CSV). 4 packs a JSON menu within a few
 * per cent of 11 at a small fraction of the CPU (Cloudflare's figures, and @fastify/compress's
 * default): the box has two cores for the whole venue. The static files are compressed once, at
 * build time, at the best quality (`pwa/vite.config.ts`, `precompress`).
 */
export const DYNAMIC_BROTLI_QUALITY = 4;

/**
 * Compresses the answers that grow with the venue (calls marked `large` in shared-schema: menus,
 * snapshot and changes, history, reports, chat) above the threshold with the best encoding the client accepts
 * (`Accept-Encoding`: br, then gzip), adding `Vary: Accept-Encoding`. Routes registered before
 * this are left alone: the built PWA's files, which have their precompressed copies. Request
 * bodies are not decompressed (no client sends them compressed; one less way to make the server
 * inflate a small body into a large one). The live socket's frames are untouched: an upgraded
 * connection never goes through a reply.
 */
export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY,
      },
    },
    zlibOptions: { level: 6 },
  });
}
