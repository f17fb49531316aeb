// Files and text built to make a careless reader slow or greedy, made in code rather than kept as
// binaries: a PDF of many tiny objects whose ends are missing, a deflate bomb inside a PDF, Markdown
// lines full of markers that never close or of blanks a block marker's pattern backtracks over, and a plain
// pi session as big as one may be. The tests and the event-loop bench both use them.

/**
 * A PDF of about `bytes` bytes made of tiny page-tree and object-stream mentions with no endobj or
 * stream after them: a reader that searches back and forth for each object's ends is quadratic here.
 */
export function manyObjectsPdf(bytes: number): Buffer {
  const unit = '/Type/Pages/Type/ObjStm ';
  return Buffer.from(`%PDF-1.7\n1 0 obj\n${unit.repeat(Math.ceil(bytes / unit.length))}\n%%EOF\n`, 'latin1');
}

/**
 * A zlib stream of about `bytes` bytes that inflates to about 159 times as much: zeros written as one
 * literal then back-references of 258 bytes at distance 1, in deflate's fixed codes (13 bits each).
 * Built bit by bit, since deflating gigabytes of zeros to get it would itself take seconds.
 */
export function deflateBomb(bytes: number): { data: Buffer; inflatedBytes: number } {
  const repeats = Math.floor(((bytes - 8) * 8 - 3 - 8 - 7) / 13);
  const out = Buffer.alloc(bytes);
  out[0] = 0x78; // zlib header: deflate, 32 KB window, no dictionary
  out[1] = 0x01;
  let bit = 16;
  const put = (value: number, count: number) => {
    for (let i = 0; i < count; i++, bit++) if ((value >> i) & 1) out[bit >> 3]! |= 1 << (bit & 7);
  };
  // Huffman codes go most significant bit first.
  const code = (value: number, count: number) => {
    for (let i = count - 1; i >= 0; i--) put((value >> i) & 1, 1);
  };
  put(1, 1); // the last block
  put(1, 2); // fixed codes
  code(0x30, 8); // literal 0
  for (let i = 0; i < repeats; i++) {
    code(0xc5, 8); // length 258
    code(0, 5); // distance 1
  }
  code(0, 7); // end of block
  const inflatedBytes = 1 + repeats * 258;
  // Adler-32 of n zeros: a stays 1, b adds 1 per byte.
  out.writeUInt32BE((((inflatedBytes % 65521) << 16) | 1) >>> 0, Math.ceil(bit / 8));
  return { data: out.subarray(0, Math.ceil(bit / 8) + 4), inflatedBytes };
}

/** A PDF whose one object stream is a deflate bomb of about `bytes` bytes. */
export function deflateBombPdf(bytes: number): Buffer {
  const { data } = deflateBomb(bytes);
  return Buffer.concat([
    Buffer.from(`%PDF-1.7\n1 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${data.length} >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1'),
  ]);
}

/** Lines of about `bytes` characters each made of one kind of Markdown marker that never closes. */
export function unclosedMarkdownLines(bytes: number): string[] {
  return ['*a ', '_a ', '**a ', '~~a ', '[a](b ', '[a ', '<http:', '`a ', '![a](', '``a `', '\\', '&#1', '$a ', '$$a$$$'].map((unit) => unit.repeat(Math.ceil(bytes / unit.length)));
}

/**
 * Lines of about `bytes` characters that start a block (heading, list item, quote, rule) and then hold a
 * long run of blanks and markers that fails at its end, with the text each shows: a pattern anchored at
 * the line's end that backtracks over the run (a heading's closing hashes) is quadratic here.
 */
export function blockMarkdownLines(bytes: number): { line: string; shown: string }[] {
  const run = (unit: string, length = bytes) => unit.repeat(Math.ceil(length / unit.length));
  return [
    { line: `# a${run(' ')}a`, shown: `a${run(' ')}a` },
    { line: `# a${run(' #')}a`, shown: `a${run(' #')}a` },
    { line: `## a${run('\t', bytes / 2)}${run('#', bytes / 2)} a`, shown: `a${run('\t', bytes / 2)}${run('#', bytes / 2)} a` },
    { line: `# a${run(' \t#')}`, shown: `a${run(' \t#').slice(0, -3)}` },
    { line: `${run('- ')}a`, shown: `${run('- ').slice(2)}a` },
    { line: `${run('*\t')}a`, shown: `${run('*\t').slice(2)}a` },
    { line: `-${run(' ')}-a`, shown: '-a' },
    { line: run('- '), shown: '' },
    { line: `${run('> ')}a`, shown: 'a' },
  ];
}

/** A pi session of about `chars` characters: its header, then user and assistant messages in one chain. */
export function bigPiSession(chars: number): { text: string; messages: number } {
  const lines = ['{"type":"session","id":"p","timestamp":"2025-01-01T00:00:00Z","cwd":"/"}'];
  let size = lines[0]!.length;
  let parentId: string | null = null;
  while (size < chars) {
    const id = `m${lines.length}`;
    const role = lines.length % 2 ? 'user' : 'assistant';
    const line = JSON.stringify({ type: 'message', id, parentId, timestamp: '2025-01-01T00:00:00Z', message: { role, content: [{ type: 'text', text: 'word '.repeat(200) }] } });
    lines.push(line);
    size += line.length + 1;
    parentId = id;
  }
  return { text: lines.join('\n') + '\n', messages: lines.length - 1 };
}
