// The desktop app packed as `npm run dist` packs it, unpacked for Linux (electron-builder --dir), with
// nothing downloaded: Electron's distribution is a folder holding a stand-in `electron` (a fuse wire
// and nothing else, test/support/fuseWire.ts), handed to electron-builder as `electronDist`.
// The packing runs in a copy of the project: its packaging files and scripts are copied, the rest of the
// repository (sources, tests, docs, node_modules) is linked in as it stands, and the bundles are built
// there from the current sources. So the real config decides what goes into app.asar, while the repo's
// own out/ (which web mode and the browser tests serve) is never touched.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { buildDesktopBundles } from '../shell/desktopHost/desktopHost';
import { writeStandInElectron } from './fuseWire';

const root = join(import.meta.dirname, '..', '..');
const COPIED = ['package.json', 'package-lock.json', 'electron-builder.yml', 'build', 'scripts'];
const LINKED = ['node_modules', 'electron', 'renderer', 'shared', 'test', 'e2e', 'e2e-electron', 'bench', 'docs', 'README.md', 'tsconfig.json'];

export interface PackedApp {
  /** dist/linux-unpacked: the app as an installer would lay it out. */
  appDir: string;
  asar: string;
  /** The app's Electron binary, renamed by electron-builder and fused by the afterPack hook. */
  binary: string;
  /** The bundles built for it (main, preload, renderer). */
  outDir: string;
  /** How long electron-builder took, in seconds. */
  seconds: number;
}

/** Packs into `scratch` (which the caller removes). Throws with electron-builder's output if it fails. */
export function packUnpackedLinux(scratch: string): PackedApp {
  const project = join(scratch, 'project');
  mkdirSync(project, { recursive: true });
  for (const name of COPIED) cpSync(join(root, name), join(project, name), { recursive: true });
  for (const name of LINKED) symlinkSync(join(root, name), join(project, name));
  const outDir = join(project, 'out');
  buildDesktopBundles(outDir);

  const electronDist = join(scratch, 'electron-dist');
  mkdirSync(electronDist);
  writeStandInElectron(join(electronDist, 'electron'));

  const cli = join(dirname(createRequire(import.meta.url).resolve('electron-builder/package.json')), 'cli.js');
  const started = Date.now();
  // In the project's folder, as `npm run dist` runs it: electron-builder resolves its hooks from there.
  const run = spawnSync(process.execPath, [cli, '--linux', 'dir', '--x64', '--publish', 'never', `-c.electronDist=${electronDist}`], {
    cwd: project,
    encoding: 'utf8',
    timeout: 240_000,
  });
  if (run.status !== 0) throw new Error(`electron-builder failed (${run.status ?? run.signal}):\n${run.stdout}${run.stderr}`);
  const appDir = join(project, 'dist', 'linux-unpacked');
  return { appDir, asar: join(appDir, 'resources', 'app.asar'), binary: join(appDir, 'baton'), outDir, seconds: (Date.now() - started) / 1000 };
}
