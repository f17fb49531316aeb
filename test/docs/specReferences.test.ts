// Every "SPEC §n" in code, tests and docs names a section of docs/spec.md, and every doc link reaches an
// existing file and heading, so a reader who follows one never lands on nothing.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { slug } from './markdownHeadings';
import { readFromDisk, referenceChecker, repositoryFiles } from './references';

const root = join(import.meta.dirname, '..', '..');
/** This file's samples below are broken on purpose. */
const SELF = 'test/docs/specReferences.test.ts';

describe('the repository', () => {
  const files = repositoryFiles(root);

  it('has no reference that does not resolve', () => {
    const read = readFromDisk(root);
    const check = referenceChecker(read);
    const problems = files.filter((path) => path !== SELF).flatMap((path) => check(path, read(path)!));
    expect(problems, `Unresolved references:\n${problems.join('\n')}`).toEqual([]);
  });

  it('is scanned across code, tests, benches, scripts and docs, without installed packages', () => {
    for (const path of ['README.md', 'docs/spec.md', 'shared/texts.ts', 'electron/core/agent/AgentSession.ts',
      'renderer/src/store/chatItems.ts', 'e2e/ui-handoff.spec.ts', 'bench/report.ts', 'scripts/start.mjs', SELF]) {
      expect(files).toContain(path);
    }
    expect(files.filter((path) => path.includes('node_modules'))).toEqual([]);
  });
});

describe('the resolver, on samples', () => {
  const spec = [
    '# Spec',
    '## 1. Processes',
    '## 4. Handoff',
    '### 4.1 The reference pipeline',
    '1. **Trigger.** The button.',
    '2. **Guard.** Two messages.',
    '### 4.2 Beyond the reference',
    '- **Auto-handoff** (an option).',
    '## 5. User interface',
  ].join('\n');
  const repo = new Map([
    ['docs/spec.md', spec],
    ['docs/guide.md', '# Guide\n## The history index\n## Notes\n## Notes\n'],
    ['README.md', '# Readme\n'],
  ]);
  const check = referenceChecker((path) => repo.get(path));

  it('accepts every form that resolves', () => {
    const source = [
      '// (SPEC §1) and SPEC §4.1, SPEC §4.2',
      '// SPEC §4.1 step 2, §4.1 step 1, (SPEC §4, §5)',
      '// SPEC §4.2 "Auto-handoff", SPEC §4 "guard" (a phrase of a subsection counts for its section)',
      '// see docs/guide.md and docs/guide.md#the-history-index',
    ].join('\n');
    expect(check('electron/core/x.ts', source)).toEqual([]);
  });

  it('reports a missing section with its file and line', () => {
    expect(check('electron/core/x.ts', '// fine: SPEC §1\n// (SPEC §9): gone')).toEqual([
      'electron/core/x.ts:2: §9: docs/spec.md has no section 9',
    ]);
  });

  it('reports a missing subsection, step or phrase, and the second reference of a list', () => {
    const source = '// SPEC §4.3\n// §4.1 step 8\n// SPEC §4.2 "Cancel"\n// (SPEC §1, §8)';
    expect(check('renderer/src/x.ts', source)).toEqual([
      'renderer/src/x.ts:1: §4.3: docs/spec.md has no section 4.3',
      'renderer/src/x.ts:2: §4.1 step 8: section 4.1 of docs/spec.md has no step 8',
      'renderer/src/x.ts:3: §4.2 "Cancel": section 4.2 of docs/spec.md never says "Cancel"',
      'renderer/src/x.ts:4: §8: docs/spec.md has no section 8',
    ]);
  });

  it('reports doc links to a missing file or heading, relative to the linking file', () => {
    const readme = [
      '[ok](docs/guide.md#the-history-index) [ok](docs/guide.md#notes-1) [ok](#readme) [web](https://x.org/a.md)',
      '[gone](docs/missing.md)',
      '[gone](docs/guide.md#nowhere) [gone](guide.md)',
      '[gone](#nowhere)',
    ].join('\n');
    expect(check('README.md', readme)).toEqual([
      'README.md:2: docs/missing.md: docs/missing.md does not exist',
      'README.md:3: docs/guide.md#nowhere: docs/guide.md has no heading #nowhere',
      'README.md:3: guide.md: guide.md does not exist',
      'README.md:4: #nowhere: README.md has no heading #nowhere',
    ]);
    expect(check('docs/spec.md', '[ok](guide.md) [ok](../README.md) [gone](../../outside.md)')).toEqual([
      'docs/spec.md:1: ../../outside.md: ../outside.md does not exist',
    ]);
  });

  it('reports a docs/ path mentioned in code that does not exist', () => {
    expect(check('test/x.test.ts', "describe('docs/guide.md') // docs/gone.md")).toEqual([
      'test/x.test.ts:1: docs/gone.md: docs/gone.md does not exist',
    ]);
  });

  it('names headings as GitHub anchors them', () => {
    expect(slug('4.1 The reference pipeline')).toBe('41-the-reference-pipeline');
    expect(slug('Writing: what survives a crash')).toBe('writing-what-survives-a-crash');
    expect(slug('`handoff()` & the queues')).toBe('handoff--the-queues');
  });
});
