// The desktop app runs its core on the Node that Electron embeds, whose full open takes paths that this
// runtime's does not (ASCII text in strings as long as it runs, Node's decoder on the helper). Those run
// here on that Node (the registry's binary package, as the bench uses it), on files of every kind.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { desktopNode } from '../../../scripts/desktopNode.mjs';

const root = join(import.meta.dirname, '..', '..', '..');

describe('a full open on the desktop app’s Node', () => {
  it('reads what reading line by line reads, for English, Thai or CJK, mixed, switching and nearly all-ASCII text, damaged or not', () => {
    const node = desktopNode(root);
    expect(node.why).toBeUndefined();
    const run = spawnSync(node.binary!, ['--import', 'tsx', join(import.meta.dirname, 'fixtures', 'openUnderDesktopNode.ts')], { cwd: root, encoding: 'utf8', timeout: 240_000 });
    expect(run.stderr).not.toContain('decode thread stopped');
    const result = JSON.parse(run.stdout) as { node: string; opened: number; disagreed: string[] };
    expect(result.node).toMatch(/^v24\./);
    expect(result.opened).toBe(10);
    expect(result.disagreed).toEqual([]);
  }, 300_000);
});
