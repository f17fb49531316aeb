// The carry-over check (SPEC §4.3) on transcripts as they come: what must survive is taken from what the
// user and the tools wrote, never from the model's own code; each item once; and what the document lacks
// is appended, or left out when the user unticks it.
import { describe, expect, it } from 'vitest';
import type { AgentMessage, SessionEntry } from '../../../shared/session';
import { documentLines, findMissingSections } from '../../../shared/handoffSections';
import { unwrapHandoffDocument, wrapHandoffDocument } from '../../../shared/sessionFormat';
import { HANDOFF_SECTIONS } from '../../../shared/texts';
import { checkCarryOver, extractCarryOver, identifiers, MAX_IDENTIFIERS, withCarryOver } from '../../../electron/core/handoff/carryOver';
import { buildHandoffPrompt } from '../../../electron/core/handoff/handoffDocument';

let n = 0;
const entry = (message: AgentMessage): SessionEntry => ({ type: 'message', id: `e${++n}`, parentId: null, timestamp: '2026-01-01T00:00:00Z', message });
const user = (text: string) => entry({ role: 'user', content: [{ type: 'text', text }] });
const assistant = (text: string) => entry({ role: 'assistant', content: [{ type: 'text', text }] });
const toolCall = (id: string, input: unknown) => entry({ role: 'assistant', content: [{ type: 'tool_use', id, name: 'bash', input }] });
const toolResult = (id: string, content: string) => entry({ role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content }] });

/** A working session as it looks: prose with inline code, a pasted log, a model reply full of code, tool output. */
function transcript(): SessionEntry[] {
  return [
    user(
      'The importer in `src/import/csvReader.ts` chokes on BOMs. See https://github.com/acme/etl/issues/412 and the RFC at https://www.rfc-editor.org/rfc/rfc4180.\n' +
        'Here is the log:\n```\nError at /var/log/etl/run.log line 3\n  at parse (src/import/fromLog.ts:10)\n```\n' +
        'Keep it working on Node 20, and/or 22. Config lives in ./config/etl.yaml.',
    ),
    assistant(
      'I will patch `parseRow` in src/import/csvReader.ts:\n```ts\nimport { strip } from "./model/onlyInCode.ts";\nconst url = "https://model.example/in/code";\n```\nSee also `modelInline` and notes/model-prose.md.',
    ),
    toolCall('t1', { command: 'cat src/import/modelCommand.ts' }),
    toolResult('t1', 'src/import/csvReader.ts\nsrc/import/bom.test.ts\nfixtures: /home/dev/etl/fixtures/bom.csv\nsee https://nodejs.org/api/buffer.html.'),
    user('Now make `ETL_STRICT=1` fail on a BOM instead, and update C:\\Users\\dev\\etl\\notes.txt 1/2 done e.g. today.'),
  ];
}

const texts = (kind: string, items: ReturnType<typeof extractCarryOver>) => items.filter((i) => i.kind === kind).map((i) => i.text);

describe('what must survive, from the branch', () => {
  it('takes identifiers the user or a tool wrote — inline code, paths, URLs — each once, the user’s newest first, then the tools’', () => {
    const items = extractCarryOver(transcript(), { todos: [], pinned: new Set() });
    expect(texts('identifier', items)).toEqual([
      'ETL_STRICT=1',
      'C:\\Users\\dev\\etl\\notes.txt',
      'https://github.com/acme/etl/issues/412',
      'https://www.rfc-editor.org/rfc/rfc4180',
      'src/import/csvReader.ts',
      './config/etl.yaml',
      'https://nodejs.org/api/buffer.html',
      'src/import/bom.test.ts',
      '/home/dev/etl/fixtures/bom.csv',
    ]);
  });

  it('never takes what the model wrote (its code blocks, inline code, prose, tool calls) nor what sits in a pasted code block', () => {
    const found = texts('identifier', extractCarryOver(transcript(), { todos: [], pinned: new Set() })).join('\n');
    for (const text of ['onlyInCode', 'model.example', 'modelInline', 'model-prose', 'modelCommand', 'run.log', 'fromLog', 'and/or', '1/2', 'e.g']) {
      expect(found).not.toContain(text);
    }
  });

  it('takes the last request, open todos, attachment names and pinned messages', () => {
    const branch = transcript();
    const attached = entry({
      role: 'user',
      content: [
        { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AA==' }, name: 'screenshot.png' },
        { type: 'text', text: 'This is what I see.' },
      ],
    });
    const reply = assistant('Pin me: the exact schema is `id INT, name TEXT`.');
    const items = extractCarryOver([...branch.slice(0, 2), attached, reply, ...branch.slice(2)], {
      todos: [
        { content: 'Reject BOM under ETL_STRICT', status: 'in_progress' },
        { content: 'Old task', status: 'completed' },
      ],
      pinned: new Set([reply.id]),
    });
    expect(texts('request', items)).toEqual([expect.stringMatching(/^Now make `ETL_STRICT=1` fail/)]);
    expect(texts('todo', items)).toEqual(['Reject BOM under ETL_STRICT']);
    expect(texts('attachment', items)).toEqual(['screenshot.png']);
    expect(texts('pin', items)).toEqual(['Pin me: the exact schema is `id INT, name TEXT`.']);
    expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
  });

  it('leaves a handoff exchange out: its prompt is not the last request', () => {
    const branch = [...transcript(), entry({ role: 'user', content: [{ type: 'text', text: buildHandoffPrompt() }], purpose: 'handoff' })];
    expect(texts('request', extractCarryOver(branch, { todos: [], pinned: new Set() }))[0]).toMatch(/^Now make/);
  });

  it('a pinned last request is carried once, as the pin; what a pinned text holds is no identifier of its own', () => {
    const branch = transcript();
    const last = branch.at(-1) as SessionEntry;
    const reply = assistant('Noted: the fixture is /home/dev/etl/fixtures/bom.csv and the RFC https://www.rfc-editor.org/rfc/rfc4180.');
    const items = extractCarryOver([...branch, reply], { todos: [], pinned: new Set([last.id, reply.id]) });
    expect(texts('request', items)).toEqual([]);
    expect(texts('pin', items)).toHaveLength(2);
    expect(texts('identifier', items)).toEqual([
      'https://github.com/acme/etl/issues/412',
      'src/import/csvReader.ts',
      './config/etl.yaml',
      'https://nodejs.org/api/buffer.html',
      'src/import/bom.test.ts',
    ]);
    // Each of them reaches the document once, and the card counts each item once.
    const { document, carriedOver } = withCarryOver('## Goal\nThe BOM fix.', items, undefined);
    for (const id of ['ETL_STRICT=1', 'C:\\Users\\dev\\etl\\notes.txt', '/home/dev/etl/fixtures/bom.csv', 'https://www.rfc-editor.org/rfc/rfc4180']) {
      expect(document.split(id)).toHaveLength(2);
    }
    expect(document).not.toContain('Last request');
    expect(carriedOver).toEqual({ kept: 7, total: 7 });
  });

  it('caps the identifiers, keeping the user’s own before a tool’s flood', () => {
    const listing = Array.from({ length: 300 }, (_, i) => `src/gen/file${i}.ts`).join('\n');
    const found = identifiers(['Look at `mine.config` and https://example.com/x'], [listing]);
    expect(found).toHaveLength(MAX_IDENTIFIERS);
    expect(found.slice(0, 2)).toEqual(['https://example.com/x', 'mine.config']);
  });
});

describe('what the document lacks, appended', () => {
  const document = HANDOFF_SECTIONS.map((s) => `## ${s}\nThe BOM fix in \`src/import/csvReader.ts\`.`).join('\n\n');
  const items = checkCarryOver(
    document,
    extractCarryOver(transcript(), { todos: [{ content: 'Reject BOM under ETL_STRICT', status: 'pending' }], pinned: new Set() }),
  );

  it('marks what the document holds, and appends every missing item under "## Also carried over"', () => {
    expect(items.find((i) => i.text === 'src/import/csvReader.ts')?.inDocument).toBe(true);
    const { document: final, carriedOver } = withCarryOver(document, items, undefined);
    expect(carriedOver).toEqual({ kept: items.length, total: items.length });
    const appendix = final.slice(final.indexOf('## Also carried over'));
    expect(appendix).toContain('- Last request:\n  > Now make `ETL_STRICT=1` fail');
    expect(appendix).toContain('- Open todo: Reject BOM under ETL_STRICT');
    expect(appendix).toContain('- `ETL_STRICT=1`');
    expect(appendix).toContain('- https://github.com/acme/etl/issues/412');
    expect(appendix).not.toContain('`src/import/csvReader.ts`');
    // Every identifier is now in the document, and the structure check still sees six sections.
    for (const item of items) if (item.kind === 'identifier') expect(final).toContain(item.text);
    expect(findMissingSections(final)).toEqual([]);
  });

  it('leaves out what the user unticked, and counts it', () => {
    const missing = items.filter((i) => !i.inDocument);
    const keep = new Set(missing.slice(1).map((i) => i.id));
    const { document: final, carriedOver } = withCarryOver(document, items, keep);
    expect(carriedOver).toEqual({ kept: items.length - 1, total: items.length });
    expect(final).not.toContain('Last request');
    expect(withCarryOver(document, items, new Set()).document).toBe(document);
  });

  it('appends pinned messages word for word under "## Pinned (verbatim)", after the carry-over', () => {
    const pinText = 'Use exactly:\n```sql\nALTER TABLE t ADD c INT;\n```\n## Not a section';
    const pinned = [...items, { id: 'pin-1', kind: 'pin' as const, text: pinText, inDocument: false }];
    const { document: final } = withCarryOver(document, checkCarryOver(document, pinned), undefined, () => 7);
    expect(final.indexOf('## Also carried over')).toBeLessThan(final.indexOf('## Pinned (verbatim)'));
    expect(final.endsWith(`## Pinned (verbatim)\n\n### Pinned message [#7]\n\n${pinText}`)).toBe(true);
    expect(findMissingSections(final)).toEqual([]);
  });

  const pin = (n: number, text: string) => ({ id: `pin-${n}`, kind: 'pin' as const, text, inDocument: false });

  it('keeps a pinned text’s spaces: an indented first line, leading and trailing blanks, tabs', () => {
    const texts = ['    indented: code\n  - a\n\t- b\n', '\n  Two spaces first, three after   ', '| a | b |\n|---|---|\n| 1 | 2 |  '];
    const { document: final } = withCarryOver(document, texts.map((text, i) => pin(i + 1, text)), undefined, (text) => texts.indexOf(text) + 1);
    expect(final.endsWith(`### Pinned message [#1]\n\n${texts[0]}\n\n### Pinned message [#2]\n\n${texts[1]}\n\n### Pinned message [#3]\n\n${texts[2]}`)).toBe(true);
    // Inside the wrapper it comes back as it was, spaces at its end too.
    expect(unwrapHandoffDocument(wrapHandoffDocument(final))).toBe(final);
  });

  it('closes a code block a pinned text leaves open, after the text, so the next heading is one', () => {
    const open = 'Run it like this:\n````sh\nnpm test\n```\nstill code';
    const { document: final } = withCarryOver(document, [pin(1, open), pin(2, 'Second `</handoff-context>` pin.')], undefined);
    expect(final).toContain(`${open}\n\`\`\`\`\n\n### Pinned message\n\nSecond`);
    // The heading after it is outside any code block: the structure check's own reading of fences.
    const lines = documentLines(final.replace('## Pinned (verbatim)', '(moved)'));
    expect(lines.filter((line) => line.text === '### Pinned message').map((line) => line.fenced)).toEqual([false, false]);
    expect(unwrapHandoffDocument(wrapHandoffDocument(final))).toBe(final);
  });

  it('closes a code block a cut-off document leaves open, so what is appended is neither code nor a section', () => {
    const thai = ['เป้าหมาย', 'ข้อจำกัดและความต้องการ', 'ความคืบหน้า', 'การตัดสินใจสำคัญ', 'บริบทสำคัญ', 'ขั้นตอนถัดไป'];
    const cutOff = `${thai.map((h) => `## ${h}\nok`).join('\n\n')}\n\n\`\`\`ts\nconst half =`;
    expect(findMissingSections(cutOff)).toEqual([]);
    // A pin that would close the document's block itself and then write a level-2 heading.
    const { document: final } = withCarryOver(cutOff, [pin(1, '```\n## A heading the user wrote')], undefined);
    expect(final.startsWith(`${cutOff}\n\`\`\`\n\n## Pinned (verbatim)`)).toBe(true);
    expect(findMissingSections(final)).toEqual([]);
  });
});
