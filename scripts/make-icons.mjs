#!/usr/bin/env node
// Renders the app's PNG icons (web app manifest, home screen) from the SVGs in web/icons/ with
// sharp. The PNGs are committed, so a build needs no image tooling; run this again after changing
// an SVG: `node scripts/make-icons.mjs`.
import path from 'node:path';
import sharp from 'sharp';

const root = path.resolve(import.meta.dirname, '..');
const src = (name) => path.join(root, 'web/icons', name);
const out = (name) => path.join(root, 'web/public/icons', name);

const icons = [
  { from: 'app-icon.svg', to: 'icon-192.png', size: 192 },
  { from: 'app-icon.svg', to: 'icon-512.png', size: 512 },
  { from: 'app-icon-maskable.svg', to: 'icon-maskable-512.png', size: 512 },
  // iOS ignores the manifest's icons and masks this one itself.
  { from: 'app-icon-maskable.svg', to: 'apple-touch-icon.png', size: 180 },
];

for (const { from, to, size } of icons) {
  await sharp(src(from), { density: 300 }).resize(size, size).png({ compressionLevel: 9, palette: true }).toFile(out(to));
  console.log(`web/public/icons/${to} (${size}×${size})`);
}
