// The renderer build, shared by the desktop build (electron.vite.config.ts) and web mode.
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import type { UserConfig } from 'vite';

export const rendererConfig: UserConfig = {
  root: resolve(import.meta.dirname, 'renderer'),
  base: './',
  plugins: [react()],
  build: {
    outDir: resolve(import.meta.dirname, 'out/renderer'),
    emptyOutDir: true,
    // One bundle loaded from disk (or loopback): splitting it would only add requests.
    chunkSizeWarningLimit: 1500,
    // Fonts stay files: a small one inlined as a data: URL would be refused by the CSP's font-src 'self'.
    assetsInlineLimit: (file) => (/\.(woff2?|ttf)$/.test(file) ? false : undefined),
  },
};

export default rendererConfig;
