// Each layer is type-checked with only the globals of the runtime it runs in (tsconfig.<layer>.json), so
// `window` in the core or `process` in the renderer fails `npm run typecheck`, as an import of `node:` or
// the DOM would fail the import check. These tests compile a probe file under each layer's config.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import type { Layer } from './layers';

const root = join(import.meta.dirname, '..', '..');
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
// Inside the repo, so the probe's config finds node_modules/@types and electron's types as the layers do.
mkdirSync(join(root, 'node_modules', '.cache'), { recursive: true });
const probes = mkdtempSync(join(root, 'node_modules', '.cache', 'layer-globals-'));
afterAll(() => rmSync(probes, { recursive: true, force: true }));

/** The names `tsc` cannot find when `expressions` are compiled under `config`; throws on any other error. */
async function unknownNames(config: string, expressions: string[]): Promise<string[]> {
  const dir = mkdtempSync(join(probes, `${config}-`));
  writeFileSync(join(dir, 'probe.ts'), `export const uses = [\n${expressions.join(',\n')},\n];\n`);
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      extends: join(root, `tsconfig.${config}.json`),
      compilerOptions: { incremental: false },
      files: ['probe.ts'],
      include: [],
    }),
  );
  const output = await promisify(execFile)(process.execPath, [tsc, '-p', dir]).then(
    () => '',
    (error: { stdout: string }) => error.stdout,
  );
  const errors = output.split('\n').filter((line) => line.includes('error TS'));
  const names = errors.map((line) => /Cannot find (?:name|namespace) '(\w+)'/.exec(line)?.[1]);
  if (names.some((name) => name === undefined)) throw new Error(`unexpected compile errors:\n${output}`);
  return names as string[];
}

const node = ['process.env', 'Buffer.alloc(1)', 'null as unknown as NodeJS.Timeout'];
const dom = ['window.localStorage', 'document.title', 'new HTMLDivElement()'];
const nodeNames = ['process', 'Buffer', 'NodeJS'];
const domNames = ['window', 'document', 'HTMLDivElement'];

describe.concurrent('globals each layer can see', () => {
  it('shared sees neither Node nor the DOM', async () => {
    expect(await unknownNames('shared', [...node, ...dom])).toEqual([...nodeNames, ...domNames]);
  });

  it.each(['core', 'web'] as const)('%s sees Node but not the DOM', async (layer) => {
    expect(await unknownNames(layer, [...node, ...dom])).toEqual(domNames);
  });

  it("shell sees Node and Electron's types but not the DOM", async () => {
    expect(await unknownNames('shell', ['null as unknown as Electron.BrowserWindow', ...node, ...dom])).toEqual(domNames);
  });

  it('renderer sees the DOM but not Node', async () => {
    expect(await unknownNames('renderer', [...dom, ...node])).toEqual(nodeNames);
  });

  it('tests and tools see both', async () => {
    expect(await unknownNames('tools', [...node, ...dom])).toEqual([]);
  });

  it('every layer has a config, and `tsc -b` builds them all', () => {
    const layers: Record<Layer, true> = { shared: true, core: true, web: true, shell: true, renderer: true };
    const solution = readFileSync(join(root, 'tsconfig.json'), 'utf8');
    for (const layer of [...Object.keys(layers), 'tools']) expect(solution).toContain(`"tsconfig.${layer}.json"`);
  });
});
