// Writes the web app manifest's icons (public/icons/*.png) from the brand mark (public/favicon.svg): 192 and 512 px
// ("any": the rounded tile), and a 512 px maskable one (a full-bleed square, the mark inside the safe zone).
// Run after changing the mark: node apps/web/scripts/make-icons.mjs (uses @napi-rs/canvas, a server dependency).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCanvas, loadImage } from '@napi-rs/canvas';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const svg = readFileSync(path.join(web, 'public/favicon.svg'), 'utf8');
const out = path.join(web, 'public/icons');
mkdirSync(out, { recursive: true });

async function render(size, { maskable = false } = {}) {
  const canvas = createCanvas(size, size);
  const ctx = canvas.getContext('2d');
  // The mark's glyph without its rounded tile, for the maskable icon's full-bleed background.
  const source = maskable ? svg.replace(/<rect[^>]*\/>/, '') : svg;
  const image = await loadImage(Buffer.from(source.replace('viewBox="0 0 32 32"', `viewBox="0 0 32 32" width="${size}" height="${size}"`)));
  if (maskable) {
    ctx.fillStyle = '#0f766e';
    ctx.fillRect(0, 0, size, size);
    const inner = size * 0.7; // inside the 80% safe zone
    ctx.drawImage(image, (size - inner) / 2, (size - inner) / 2, inner, inner);
  } else {
    ctx.drawImage(image, 0, 0, size, size);
  }
  return canvas.encode('png');
}

writeFileSync(path.join(out, 'icon-192.png'), await render(192));
writeFileSync(path.join(out, 'icon-512.png'), await render(512));
writeFileSync(path.join(out, 'icon-maskable-512.png'), await render(512, { maskable: true }));
writeFileSync(path.join(out, 'apple-touch-icon-180.png'), await render(180, { maskable: true }));
console.log(`icons written to ${out}`);
