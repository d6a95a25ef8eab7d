// Renders the web app icons (host/src/assets/icons/*.png) from the favicon, with the browser the
// journeys use: `pnpm --filter host exec tsx ../e2e/support/render-app-icons.ts`. The PNGs are committed, so a
// build needs no image library; run this again when favicon.svg changes.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const iconsDir = path.join(__dirname, '..', '..', 'host', 'src', 'assets', 'icons');
const svg = readFileSync(path.join(iconsDir, '..', 'favicon.svg'), 'utf8');

// "any" icons fill most of the square; a maskable icon keeps the shield inside the safe zone (the
// middle 80% circle a launcher may crop to).
const ICONS = [
  { file: 'icon-192.png', size: 192, scale: 0.84 },
  { file: 'icon-512.png', size: 512, scale: 0.84 },
  { file: 'icon-maskable-512.png', size: 512, scale: 0.56 },
];

async function main(): Promise<void> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    for (const { file, size, scale } of ICONS) {
      const page = await browser.newPage({ viewport: { width: size, height: size } });
      const inner = Math.round(size * scale);
      await page.setContent(
        `<body style="margin:0;display:grid;place-items:center;width:${size}px;height:${size}px;background:#fff">` +
          svg.replace('<svg ', `<svg width="${inner}" height="${inner}" `) +
          '</body>',
      );
      await page.screenshot({ path: path.join(iconsDir, file), omitBackground: false });
      await page.close();
    }
  } finally {
    await browser.close();
  }
}

void main();
