import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { expandPromptTemplate, parseArgs, parseSlashInvocation, substituteArgs } from '../../../electron/core/agent/promptTemplates';

const dir = mkdtempSync(join(tmpdir(), 'baton-prompts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('prompt templates', () => {
  it('parses /NAME and the rest', () => {
    expect(parseSlashInvocation('/review src/a.ts now')).toEqual({ name: 'review', rest: 'src/a.ts now' });
    expect(parseSlashInvocation('/review')).toEqual({ name: 'review', rest: '' });
    expect(parseSlashInvocation('review')).toBeUndefined();
    expect(parseSlashInvocation('/../etc/passwd')).toBeUndefined();
    expect(parseSlashInvocation('/a/b')).toBeUndefined();
  });

  it('splits args on whitespace, quotes group', () => {
    expect(parseArgs(`one "two words" 'three more'  four`)).toEqual(['one', 'two words', 'three more', 'four']);
    expect(parseArgs('')).toEqual([]);
  });

  it('substitutes $ARGUMENTS, $@ and $1..$9 in one pass', () => {
    const t = 'all=$ARGUMENTS at=$@ first=$1 second=$2 ninth=$9';
    expect(substituteArgs(t, ['a', 'b c'])).toBe('all=a b c at=a b c first=a second=b c ninth=');
    // An argument that looks like a placeholder stays as typed.
    expect(substituteArgs('$1 $2', ['$2', 'x'])).toBe('$2 x');
  });

  it('expands /NAME args from <promptsDir>/NAME.md, leaves other text alone', () => {
    writeFileSync(join(dir, 'fix.md'), 'Fix $1 in $2. Context: $ARGUMENTS');
    expect(expandPromptTemplate('/fix bug "the parser"', dir)).toBe('Fix bug in the parser. Context: bug the parser');
    expect(expandPromptTemplate('/unknown thing', dir)).toBe('/unknown thing');
    expect(expandPromptTemplate('please /fix it', dir)).toBe('please /fix it');
  });

  it('reads the template on each use, so an edit applies at once', () => {
    writeFileSync(join(dir, 'greet.md'), 'Hello $1');
    expect(expandPromptTemplate('/greet Ann', dir)).toBe('Hello Ann');
    writeFileSync(join(dir, 'greet.md'), 'Hi $1!');
    expect(expandPromptTemplate('/greet Ann', dir)).toBe('Hi Ann!');
  });
});
