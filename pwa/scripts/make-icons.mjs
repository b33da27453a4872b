// Draws Comanda's app icons as PNG files under public/ with Node alone (zlib), so the icons are
// reproducible and need no image tool. Run: node scripts/make-icons.mjs
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, '..', 'public');

// The palette of src/styles/tokens.css: terracotta ground, cream mark.
const GROUND = [0xa8, 0x3f, 0x24];
const MARK = [0xfb, 0xf4, 0xe8];

function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([len, body, crc]);
}

function encodePng(size, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    rows[y * (size * 4 + 1)] = 0; // filter: none
    rgba.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Coverage of one sample point (unit square coordinates, 0..1). */
function sample(x, y, { maskable }) {
  // Ground: a rounded square, or the full square for maskable icons (the OS applies the mask).
  const radius = maskable ? 0 : 0.22;
  const dx = Math.max(Math.abs(x - 0.5) - (0.5 - radius), 0);
  const dy = Math.max(Math.abs(y - 0.5) - (0.5 - radius), 0);
  if (dx * dx + dy * dy > radius * radius) return null;
  // Mark: a plate seen from above, opened on the right like a "C" (Comanda), with a dot for the
  // order bell. Maskable icons keep it inside the 80% safe zone.
  const scale = maskable ? 0.78 : 1;
  const cx = (x - 0.5) / scale;
  const cy = (y - 0.5) / scale;
  const r = Math.hypot(cx, cy);
  const angle = Math.atan2(cy, cx);
  const inRing = r > 0.22 && r < 0.34 && Math.abs(angle) > 0.75;
  const inDot = Math.hypot(cx - 0.0, cy - 0.0) < 0.075;
  return inRing || inDot ? MARK : GROUND;
}

function draw(size, options) {
  const rgba = Buffer.alloc(size * size * 4);
  const n = 4; // 4x4 supersampling for smooth edges
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < n; sy++) {
        for (let sx = 0; sx < n; sx++) {
          const c = sample((px + (sx + 0.5) / n) / size, (py + (sy + 0.5) / n) / size, options);
          if (!c) continue;
          r += c[0];
          g += c[1];
          b += c[2];
          a += 1;
        }
      }
      const i = (py * size + px) * 4;
      if (a > 0) {
        rgba[i] = Math.round(r / a);
        rgba[i + 1] = Math.round(g / a);
        rgba[i + 2] = Math.round(b / a);
      }
      rgba[i + 3] = Math.round((a / (n * n)) * 255);
    }
  }
  return encodePng(size, rgba);
}

const icons = [
  ['icons/icon-192.png', 192, { maskable: false }],
  ['icons/icon-512.png', 512, { maskable: false }],
  ['icons/icon-maskable-512.png', 512, { maskable: true }],
  ['apple-touch-icon.png', 180, { maskable: true }],
  ['favicon-32.png', 32, { maskable: false }],
];
for (const [file, size, options] of icons) {
  writeFileSync(join(out, file), draw(size, options));
  console.log(`wrote public/${file}`);
}
