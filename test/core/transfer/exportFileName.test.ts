// The name an export is offered under, on Windows, macOS and Linux alike.
import { describe, expect, it } from 'vitest';
import { exportFileName } from '../../../electron/core/transfer/exportFileName';

describe('exportFileName', () => {
  it('keeps an ordinary title, emoji and accents included', () => {
    expect(exportFileName('Café plan 👨‍👩‍👧 v2', 'md')).toBe('Café plan 👨‍👩‍👧 v2.md');
  });

  it('drops what a file system refuses or a reader would be fooled by', () => {
    expect(exportFileName('a<b>c:d"e/f\\g|h?i*j', 'md')).toBe('a b c d e f g h i j.md');
    expect(exportFileName('report\u202edm.exe', 'md')).toBe('report dm.exe.md');
    expect(exportFileName('x\u200f\u2066y\u0085z\u009b', 'md')).toBe('x y z.md');
    expect(exportFileName('half \ud83d and \ude00 half', 'jsonl')).toBe('half and half.jsonl');
  });

  it('leaves out the "…" a shortened title ends in, and quotation marks, but keeps an apostrophe', () => {
    expect(exportFileName('Why does “npm ci” fail on the build server with the lockfile from…', 'md')).toBe(
      'Why does npm ci fail on the build server with the lockfile from.md',
    );
    expect(exportFileName("'Parser' «plan» ‘v2’ `lexer` „draft‟ wait… then", 'md')).toBe('Parser plan v2 lexer draft wait then.md');
    expect(exportFileName('Don’t panic, it\'s the users\' file', 'jsonl')).toBe('Don’t panic, it\'s the users file.jsonl');
    expect(exportFileName('“…”', 'md')).toBe('session.md');
  });

  it("gives Windows' device names another name, with or without an extension", () => {
    for (const name of ['CON', 'nul', 'Com1', 'LPT9', 'aux.tar', 'PRN ']) expect(exportFileName(name, 'md')).toMatch(/^(con|nul|com1|lpt9|aux|prn)_/i);
    expect(exportFileName('Console', 'md')).toBe('Console.md');
  });

  it('ends without dots or spaces, and stays short in characters and in bytes, never splitting a character', () => {
    expect(exportFileName('Notes...', 'md')).toBe('Notes.md');
    expect(exportFileName('x'.repeat(300), 'md')).toBe(`${'x'.repeat(80)}.md`);
    const emoji = exportFileName('😀'.repeat(100), 'md');
    expect(Buffer.byteLength(emoji)).toBeLessThanOrEqual(203);
    expect(emoji).toBe(`${'😀'.repeat(50)}.md`);
    expect(exportFileName('\u202e\u0000', 'md')).toBe('session.md');
  });
});
