// Writes the PWA icons (solid-colour PNGs with a white "HR" mark) using only node's zlib.
// Run: node admin/scripts/make-icons.mjs
import { deflateSync } from 'node:zlib';
import { writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const outDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');
const BG = [0x25, 0x63, 0xeb]; // brand blue #2563eb
const FG = [0xff, 0xff, 0xff];

// "HR" on a 10 x 7 grid of cells; 1 = white cell.
const GLYPH = [
  '1001011110',
  '1001010001',
  '1001010001',
  '1111011110',
  '1001010100',
  '1001010010',
  '1001010001',
];

const crcTable = new Uint32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};

function png(size) {
  const cols = GLYPH[0].length;
  const rows = GLYPH.length;
  const cell = Math.floor((size * 0.5) / cols); // glyph spans half the icon (safe zone for maskable)
  const x0 = Math.floor((size - cell * cols) / 2);
  const y0 = Math.floor((size - cell * rows) / 2);
  const raw = Buffer.alloc((size * 3 + 1) * size);
  for (let y = 0; y < size; y++) {
    const row = y * (size * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      const gx = Math.floor((x - x0) / cell);
      const gy = Math.floor((y - y0) / cell);
      const on = x >= x0 && y >= y0 && gx < cols && gy < rows && GLYPH[gy][gx] === '1';
      const [r, g, b] = on ? FG : BG;
      raw.set([r, g, b], row + 1 + x * 3);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

mkdirSync(outDir, { recursive: true });
// the sizes installers ask for (Android, desktop Chrome and Edge, Windows tiles); 180 for iOS below
for (const size of [48, 72, 96, 144, 192, 256, 384, 512]) {
  writeFileSync(join(outDir, `icon-${size}.png`), png(size));
}
writeFileSync(join(outDir, 'apple-touch-icon.png'), png(180));
console.log('icons written to', outDir);
