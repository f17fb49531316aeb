// The layering rule (SPEC §1): a file's folder says what it may import.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

export type Layer = 'shared' | 'core' | 'web' | 'shell' | 'renderer';

/** Which of our layers each layer may import, and whether it may touch Electron. */
const RULES: Record<Layer, { may: Layer[]; electron: boolean; node: boolean }> = {
  shared: { may: ['shared'], electron: false, node: false },
  core: { may: ['shared', 'core'], electron: false, node: true },
  web: { may: ['shared', 'core', 'web'], electron: false, node: true },
  shell: { may: ['shared', 'core', 'shell'], electron: true, node: true },
  renderer: { may: ['shared', 'renderer'], electron: false, node: false },
};

const ELECTRON_PACKAGES = new Set(['electron', 'electron-store', '@electron-toolkit/utils', '@electron-toolkit/preload']);

export function layerOf(file: string, root: string): Layer | null {
  const rel = relative(root, file).split(sep);
  if (rel[0] === 'shared') return 'shared';
  if (rel[0] === 'renderer') return 'renderer';
  if (rel[0] === 'electron') {
    if (rel[1] === 'shell') return 'shell';
    if (rel[1] === 'web') return 'web';
    return 'core';
  }
  return null;
}

export function importsOf(source: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\b(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) for (const match of source.matchAll(pattern)) found.push(match[1]!);
  return found;
}

/** Returns one line per broken rule in `file`. */
export function violations(file: string, source: string, root: string): string[] {
  const layer = layerOf(file, root);
  if (!layer) return [];
  const rule = RULES[layer];
  const out: string[] = [];
  for (const spec of importsOf(source)) {
    const where = `${relative(root, file)} imports '${spec}'`;
    if (spec.startsWith('.')) {
      const target = layerOf(resolve(dirname(file), spec), root);
      if (!target || !rule.may.includes(target)) out.push(`${where}: ${layer} may not import ${target ?? 'outside the layers'}`);
    } else if (ELECTRON_PACKAGES.has(spec) || spec.startsWith('electron/')) {
      if (!rule.electron) out.push(`${where}: only the shell may touch Electron`);
    } else if (spec.startsWith('node:') && !rule.node) {
      out.push(`${where}: ${layer} runs without Node`);
    }
  }
  return out;
}

export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mts|cts|js|mjs)$/.test(name) ? [path] : [];
  });
}

export function checkTree(root: string): string[] {
  return ['shared', 'electron', 'renderer/src'].flatMap((dir) =>
    sourceFiles(join(root, dir)).flatMap((file) => violations(file, readFileSync(file, 'utf8'), root)),
  );
}
