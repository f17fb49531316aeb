// Desktop build: main (ESM, as package.json is "type": "module"), preload (CommonJS, because a sandboxed
// preload cannot load ES modules) and the renderer, whose config is shared with web mode.
// Outputs: out/main/index.js (package.json "main") and checkWorker.js (the check thread, CheckPool.ts),
// out/preload/index.cjs, out/renderer/index.html.
import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import { rendererConfig } from './vite.renderer.config';

const root = import.meta.dirname;

export default defineConfig({
  main: {
    build: {
      outDir: resolve(root, 'out/main'),
      // The check thread's entry is built beside index.js, where CheckPool looks for it.
      lib: { entry: { index: resolve(root, 'electron/shell/main.ts'), checkWorker: resolve(root, 'electron/core/checks/checkWorker.ts') } },
    },
  },
  preload: {
    build: {
      outDir: resolve(root, 'out/preload'),
      // A sandboxed preload can require only `electron`: the contract and zod must be bundled in.
      externalizeDeps: false,
      lib: { entry: { index: resolve(root, 'electron/shell/preload.ts') }, formats: ['cjs'] },
    },
  },
  renderer: {
    ...rendererConfig,
    build: {
      ...rendererConfig.build,
      // electron-vite looks for src/renderer/index.html unless told; ours is renderer/index.html.
      rolldownOptions: { input: resolve(root, 'renderer/index.html') },
    },
  },
});
