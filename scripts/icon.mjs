// `npm run icon`: draws build/icon.svg as build/icon.png (1024 px), the one image electron-builder makes
// every platform's icons from, in the same Chromium the browser tests use.
import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';

const SIZE = 1024;
const svg = readFileSync('build/icon.svg', 'utf8').replace('<svg ', `<svg width="${SIZE}" height="${SIZE}" `);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage({ viewport: { width: SIZE, height: SIZE } });
await page.setContent(`<body style="margin:0">${svg}</body>`);
await page.screenshot({ path: 'build/icon.png', omitBackground: true });
await browser.close();
