// Every reader of untrusted bytes, fed random and hostile input: each answers (or refuses with a clear
// error) within a deadline. The inputs are a small random piece repeated to hundreds of kilobytes, so a
// reader whose cost grows faster than its input (a search afresh from every marker, a backtracking
// pattern) takes minutes and fails here; a linear one takes milliseconds, so the generous deadline does
// not depend on how busy the machine is.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AttachmentMediaType } from '../../shared/attachments';
import { markdownShownText } from '../../shared/markdownText';
import { BatonError } from '../../electron/core/errors';
import { imageDimensions } from '../../electron/core/attachments/imageSize';
import { pdfFacts } from '../../electron/core/attachments/pdfFacts';
import { inertMarkdown } from '../../electron/core/transfer/exportMarkdown';
import { importSessionText } from '../../electron/core/transfer/importSession';
import { deflateBomb } from '../support/hostileFiles';

const DEADLINE_MS = 2000;
/** Each run is hundreds of kilobytes; a failure is reported as found, not shrunk (each try could take minutes). */
const RUNS = 25;

/** Like fc.assert, but a failure names its input by its start and size: the whole would be megabytes. */
function assertProperty<T>(input: fc.Arbitrary<T>, check: (value: T) => void): void {
  const run = fc.check(fc.property(input, check), { numRuns: RUNS, endOnFailure: true });
  if (!run.failed) return;
  const [value] = run.counterexample ?? [];
  const text = Buffer.isBuffer(value) ? value.toString('latin1') : JSON.stringify(value);
  throw new Error(`${String(run.errorInstance)}\nfor an input of ${text.length} characters starting ${JSON.stringify(text.slice(0, 80))}`);
}

/** Runs `read`, which must return or throw an error `clear` accepts, within the deadline. */
function withinDeadline(read: () => unknown, clear: (err: unknown) => boolean = () => false): void {
  const started = performance.now();
  try {
    read();
  } catch (err) {
    if (!clear(err)) throw err;
  }
  expect(performance.now() - started).toBeLessThan(DEADLINE_MS);
}

/** `head`, then a random piece made of `tokens` (and random bytes, unless not `noisy`) repeated to 100–400 KB, then `tail`. */
function hostile(tokens: readonly string[], head = '', tail = '', noisy = true): fc.Arbitrary<Buffer> {
  const token = noisy ? fc.oneof(fc.constantFrom(...tokens), fc.string({ maxLength: 3 })) : fc.constantFrom(...tokens);
  const piece = fc.array(token, { minLength: 1, maxLength: 8 }).map((parts) => parts.join(''));
  return fc.tuple(piece, fc.integer({ min: 100_000, max: 400_000 })).map(([unit, size]) =>
    Buffer.from(head + unit.repeat(Math.ceil(size / Math.max(1, unit.length))) + tail, 'latin1'),
  );
}

const randomBytes = fc.uint8Array({ maxLength: 4096 }).map((bytes) => Buffer.from(bytes));

/** Objects that name themselves without their ends, the shape that made a search for each object's ends quadratic. */
const PDF_MENTIONS = ['/Type/Pages', '/Type /Pages', '/Type/ObjStm', ' ', 'obj ', '<<', '>>', '/Count 1', '/First 1'];
const PDF_TOKENS = [...PDF_MENTIONS, 'endobj', ' 0 obj\n', 'stream\n', 'endstream', '/Type', '/Pages', '/Parent 2 0 R', '/Filter /FlateDecode', '/Encrypt', '[', ']', '\n', '\r\n', '%%EOF', '12 0 '];

const MD_TOKENS = ['*', '**', '_', '__', '~~', '`', '``', '[', ']', '(', ')', '](', '![', '<', '>', '<http:', '<mailto:', '\\', '&', '&#', ';', '#', '> ', '- ', ' ', '\t', '\n', '```', 'a', 'é'];

describe('hostile input, each reader within its deadline', () => {
  it('pdfFacts', () => {
    const bomb = deflateBomb(64 * 1024).data.toString('latin1');
    const pdf = fc.oneof(
      hostile(PDF_MENTIONS, '%PDF-1.7\n1 0 obj\n', '\n%%EOF\n'),
      hostile(PDF_TOKENS, '%PDF-1.7\n'),
      hostile([...PDF_TOKENS, bomb], '%PDF-1.7\n', '\n%%EOF\n'),
      randomBytes,
    );
    assertProperty(pdf, (bytes) => withinDeadline(() => pdfFacts(bytes)));
  });

  it('imageDimensions, for every image type', () => {
    const heads: Record<string, string> = {
      'image/png': '\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR',
      'image/jpeg': '\xff\xd8',
      'image/gif': 'GIF89a',
      'image/webp': 'RIFF\x00\x00\x00\x00WEBPVP8X',
    };
    const image = fc.tuple(
      fc.constantFrom(...(Object.keys(heads) as AttachmentMediaType[])),
      fc.oneof(hostile(['\xff', '\xff\xff', '\xff\xe0\x00\x02', '\xff\xd0', '\xff\xc4\x00\x00', '\x00']), randomBytes),
    );
    assertProperty(image, ([type, body]) => withinDeadline(() => imageDimensions(Buffer.concat([Buffer.from(heads[type]!, 'latin1'), body]), type)));
  });

  it('Import session, in each format it reads', () => {
    const header = {
      baton: '{"type":"session","version":1,"id":"s","timestamp":"2025-01-01T00:00:00Z"}\n',
      pi: '{"type":"session","id":"p","timestamp":"2025-01-01T00:00:00Z","cwd":"/"}\n',
      claude: '{"type":"user","uuid":"u","sessionId":"s","message":{"role":"user","content":"hi"}}\n',
    };
    const JSON_TOKENS = ['{', '}', '[', ']', '"', '\\"', '\\', ',', ':', '\n', '"type":"message",', '"type":"user",', '"message":{', '"role":"assistant",', '"content":[', '"uuid":"a",', '"parentUuid":"a",', '"timestamp":1e300,', '"text":"x"', '{"type":"text","text":"', '"role":"bashExecution","command":"ls","output":"', '\\n', 'null', '1e999'];
    const file = fc.oneof(...Object.values(header).map((head) => hostile(JSON_TOKENS, head)), hostile(JSON_TOKENS), randomBytes);
    const clear = (err: unknown) => err instanceof BatonError && err.code === 'invalid_input';
    assertProperty(file, (bytes) => withinDeadline(() => importSessionText('hostile.jsonl', bytes.toString('utf8')), clear));
    // A line a million levels deep (2 MB), after a good line.
    withinDeadline(() => importSessionText('deep.jsonl', header.claude + '['.repeat(1_000_000) + ']'.repeat(1_000_000)));
  });

  it('Markdown as shown (search snippets, Find in session)', () => {
    assertProperty(hostile(MD_TOKENS), (bytes) => withinDeadline(() => markdownShownText(bytes.toString('latin1'))));
    // A block's start, then mostly blanks, which a pattern anchored at the line's end (a heading's
    // closing hashes) backtracks over: random text in the run would cut it short.
    const BLOCK_TOKENS = [' ', '\t', '  ', ' \t', '#', '-'];
    const block = fc.oneof(...['# a', '## a\t', '###### x ', '- ', '> '].map((head) => hostile(BLOCK_TOKENS, head, 'a', false)));
    assertProperty(block, (bytes) => withinDeadline(() => markdownShownText(bytes.toString('latin1'))));
  });

  it('Markdown export made inert', () => {
    const EXPORT_TOKENS = [...MD_TOKENS, '](', ']:', '\\`', '```', '   ```', '- ```', '~~~', 'javascript:', '&#x6A;', '&colon;', '&Tab;', '\r'];
    assertProperty(fc.oneof(hostile(EXPORT_TOKENS), hostile(EXPORT_TOKENS, '- a\n   ```\n')), (bytes) => withinDeadline(() => inertMarkdown(bytes.toString('latin1'))));
  });
});
