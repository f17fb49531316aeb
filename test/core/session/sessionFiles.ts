// Session files for the tests of a full open: more chunks than the decode thread has slots, entries of
// English, Thai and CJK, or mixed text, lines damaged as a crash, a sync tool or a hand edit leaves
// them; and the plain reading the open must agree with.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SessionEntry } from '../../../shared/session';
import { isSessionEntry } from '../../../electron/core/session/entryShape';
import { sessionFileName } from '../../../electron/core/session/fileName';
import { SLOT_BYTES, SLOTS } from '../../../electron/core/storage/decodeThread';

const WORDS = {
  ascii: ['the', 'handoff', 'session', 'record', 'file', 'turn', 'model', 'context'],
  thai: ['การส่งต่อ', 'เซสชัน', 'ข้อความ', 'ไฟล์', '会话', '交接', '🚀', '✅'],
  mixed: ['the', 'handoff', 'session', 'record', 'file', 'turn', 'model', 'context', 'เซสชัน'],
};

/** Lines that are not one entry each, as a crash, a sync tool or a hand edit leaves them. */
const DAMAGE: Buffer[] = [
  Buffer.from('{"type":"message", not json'),
  Buffer.from(''),
  Buffer.from('\r'),
  Buffer.from('   '),
  Buffer.from('{"a":1},{"b":2}'),
  Buffer.from('{"a":1}'),
  Buffer.from('"just a string"'),
  Buffer.from('{"type":"message","id":"x","parentId":null,'),
  Buffer.from('"timestamp":"1970-01-01T00:00:00.000Z","message":{"role":"user","content":[]}}'),
  Buffer.from('{"type":"message","id":"y","parentId":null,"timestamp":"t","message":{"role":"robot","content":[]}}'),
  Buffer.concat([Buffer.from('{"type":"custom_message","id":"z","parentId":null,"timestamp":"t","customType":"n","content":"'), Buffer.from([0xe0, 0xb8]), Buffer.from('","display":true}')]),
  Buffer.from([0xff, 0xfe, 0x7b, 0x7d]),
];

/**
 * English for some chunks, Thai for the next few, and so on: chunks all ASCII, none, and part; or
 * English with a dash in one entry of 1,000 (`sparse`): chunks all ASCII, and others nearly.
 */
export type Script = keyof typeof WORDS | 'switching' | 'sparse';

/** A session file of more chunks than the helper has slots: entries of `script` text, some lines damaged, a torn tail. */
export function sessionFile(dir: string, seed: number, script: Script, damageEvery: number): string {
  let x = seed;
  const next = (n: number) => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x % n;
  };
  const lines: Buffer[] = [Buffer.from(JSON.stringify({ type: 'session', version: 1, id: 's', timestamp: new Date(0).toISOString() }))];
  let bytes = 0;
  // More chunks than the helper has slots, so each slot is read into again.
  for (let i = 0; bytes < SLOTS * SLOT_BYTES + 1_000_000; i++) {
    let line: Buffer;
    if (next(damageEvery) === 0) line = DAMAGE[next(DAMAGE.length)]!;
    else {
      const vocabulary = script === 'switching' ? (Math.floor(bytes / (1.5 * SLOT_BYTES)) % 2 ? WORDS.thai : WORDS.ascii) : script === 'sparse' ? WORDS.ascii : WORDS[script];
      const words = Array.from({ length: 5 + next(next(20) === 0 ? 3_000 : 80) }, () => vocabulary[next(vocabulary.length)]);
      if (script === 'sparse' && i % 1_000 === 0) words.push('—');
      const entry: SessionEntry = {
        type: 'message',
        id: `e${i}`,
        parentId: i ? `e${i - 1}` : null,
        timestamp: new Date(i * 1000).toISOString(),
        message: { role: i % 2 ? 'assistant' : 'user', content: [{ type: 'text', text: words.join(next(9) ? ' ' : '\n') }] },
      };
      line = Buffer.from(JSON.stringify(entry) + (next(50) ? '' : '\r'));
    }
    lines.push(line);
    bytes += line.length + 1;
  }
  const file = join(dir, sessionFileName(new Date(0).toISOString(), `s${seed}-${script}`));
  writeFileSync(file, Buffer.concat([...lines.flatMap((line) => [line, Buffer.from('\n')]), Buffer.from('{"type":"mess')]));
  return file;
}

/** The plain reading: each line that ends in `\n` decoded and parsed by itself. */
export function lineByLine(bytes: Buffer): { entries: SessionEntry[]; unreadable: number } {
  const entries: SessionEntry[] = [];
  let unreadable = 0;
  let start = bytes.indexOf(10) + 1; // after the header
  for (let end = bytes.indexOf(10, start); end >= 0; start = end + 1, end = bytes.indexOf(10, start)) {
    const line = bytes.toString('utf8', start, end);
    if (line === '' || line === '\r') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      unreadable++;
      continue;
    }
    if (isSessionEntry(value)) entries.push(value);
    else unreadable++;
  }
  return { entries, unreadable };
}
