// @vitest-environment node
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { PRECOMPRESS_MIN_BYTES, precompressDir } from './precompress.ts';

let dir = '';
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = '';
});

describe('precompress (the build`s brotli and gzip copies)', () => {
  it('writes .br and .gz beside every text file worth it, each decoding to the same bytes', async () => {
    dir = mkdtempSync(join(tmpdir(), 'comanda-precompress-'));
    mkdirSync(join(dir, 'assets'));
    const script = `export const t = ${JSON.stringify({ saluto: 'Benvenuti', piatti: Array(300).fill('Pizza') })};`;
    const files: Record<string, string | Buffer> = {
      'index.html': `<!doctype html><title>Comanda</title>${'<p>Menu</p>'.repeat(200)}`,
      'sw.js': `self.addEventListener('fetch', () => {});${'//\n'.repeat(600)}`,
      'manifest.webmanifest': JSON.stringify({ name: 'Comanda', description: 'x'.repeat(2000) }),
      'assets/index-abc.js': script,
      'assets/index-abc.css': `.menu{color:red}${'.dish{margin:0}'.repeat(200)}`,
      'assets/small-abc.js': 'console.log(1)',
      'icons/icon.png': Buffer.alloc(4096, 7),
    };
    mkdirSync(join(dir, 'icons'));
    for (const [name, body] of Object.entries(files)) writeFileSync(join(dir, name), body);

    const made = await precompressDir(dir);

    for (const name of [
      'index.html',
      'sw.js',
      'manifest.webmanifest',
      'assets/index-abc.js',
      'assets/index-abc.css',
    ]) {
      const original = readFileSync(join(dir, name));
      const br = readFileSync(join(dir, `${name}.br`));
      const gz = readFileSync(join(dir, `${name}.gz`));
      expect(brotliDecompressSync(br).equals(original), name).toBe(true);
      expect(gunzipSync(gz).equals(original), name).toBe(true);
      expect(br.length, name).toBeLessThan(original.length);
      expect(br.length, name).toBeLessThanOrEqual(gz.length);
    }
    // Too small, or not text: left alone.
    expect(readFileSync(join(dir, 'assets/small-abc.js')).length).toBeLessThan(PRECOMPRESS_MIN_BYTES);
    const all = [...readdirSync(dir, { recursive: true })].map(String);
    expect(
      all.filter((f) => f.startsWith('assets/small-abc.js.') || f.startsWith('icons/icon.png.')),
    ).toEqual([]);
    expect(made.find((f) => f.file.endsWith('small-abc.js'))).toMatchObject({ br: null, gz: null });
  });

  it('a second run over its own output makes no copies of copies', async () => {
    dir = mkdtempSync(join(tmpdir(), 'comanda-precompress-'));
    writeFileSync(join(dir, 'app.js'), 'const a = 1;\n'.repeat(500));
    await precompressDir(dir);
    await precompressDir(dir);
    expect(readdirSync(dir).sort()).toEqual(['app.js', 'app.js.br', 'app.js.gz']);
  });
});
