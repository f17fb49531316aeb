// Shared by the session store tests: real temp dirs, messages, and an fs seam that fails on cue.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import type { AgentMessage } from '../../../shared/session';
import { realFs, type FsSeam } from '../../../electron/core/storage/fsSeam';

/** A fresh temp dir per test, removed after it. */
export function useTempDir(): () => string {
  let dir = '';
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'baton-session-test-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });
  return () => dir;
}

export function user(text: string): AgentMessage {
  return { role: 'user', content: [{ type: 'text', text }] };
}

export function assistant(text: string): AgentMessage {
  return { role: 'assistant', content: [{ type: 'text', text }], model: 'claude-test', stopReason: 'end_turn' };
}

export function fileBytes(path: string): Buffer {
  return readFileSync(path);
}

/** Every line of a file that ends in `\n`, parsed; throws on any line that is not JSON. */
export function parseEveryLine(path: string): unknown[] {
  const text = readFileSync(path, 'utf8');
  if (!text.endsWith('\n')) throw new Error(`${path} does not end with a complete line`);
  return text
    .slice(0, -1)
    .split('\n')
    .map((line) => JSON.parse(line) as unknown);
}

export function errnoError(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: injected failure`), { code });
}

/** The real fs with hooks: each hook may throw or do part of the work, like a full disk would. */
export function seamWith(overrides: Partial<FsSeam>): FsSeam & { calls: Record<string, number> } {
  const calls: Record<string, number> = {};
  const seam = { ...realFs, calls } as FsSeam & { calls: Record<string, number> };
  for (const name of Object.keys(realFs) as (keyof FsSeam)[]) {
    const impl = (overrides[name] ?? realFs[name]) as (...args: unknown[]) => unknown;
    (seam as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
      calls[name] = (calls[name] ?? 0) + 1;
      return impl(...args);
    };
  }
  return seam;
}
