// The size of the packed app's archive (app.asar): the built bundles and the main process's runtime
// dependencies, as `npm run dist` packs them (here an unpacked Linux build, test/support/packDesktop.ts).
// Everything in it is read from disk by each start and shipped with every installer and update.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listPackage } from '@electron/asar';
import { packUnpackedLinux } from '../test/support/packDesktop';
import { report } from './report';

const scratch = mkdtempSync(join(tmpdir(), 'baton-bench-pack-'));
try {
  const packed = packUnpackedLinux(scratch);
  const files = listPackage(packed.asar, { isPack: false });
  const modules = new Set(files.filter((f) => /^[\\/]node_modules[\\/][^\\/]+$/.test(f)));
  report({
    name: 'package.asar.mb',
    value: statSync(packed.asar).size / 1e6,
    unit: 'MB',
    budget: 40,
    comparedWith: `app.asar of an unpacked Linux build: ${files.length.toLocaleString('en')} entries, ${modules.size} top-level node_modules entries; electron-builder took ${packed.seconds.toFixed(1)} s`,
  });
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
