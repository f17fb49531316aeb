// The hand-written entry check (used instead of zod on load, for speed) must accept exactly what the zod
// schemas in shared/ accept.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SessionEntry } from '../../../shared/session';
import { isSessionEntry } from '../../../electron/core/session/entryShape';

const str = fc.string({ maxLength: 8 });
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
/** Mostly the right type, sometimes anything at all. */
const near = <T>(arb: fc.Arbitrary<T>) => fc.oneof({ weight: 6, arbitrary: arb }, { weight: 1, arbitrary: fc.jsonValue() });

const textBlock = fc.record({ type: fc.constant('text'), text: near(str) });
const fileBlock = fc.record(
  {
    type: fc.constantFrom('image', 'document'),
    source: near(
      fc.record(
        {
          type: near(fc.constant('base64')),
          media_type: near(fc.constantFrom('image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf', 'image/bmp')),
          data: near(str),
        },
        { requiredKeys: ['type', 'media_type'] },
      ),
    ),
    name: near(str),
  },
  { requiredKeys: ['type', 'source'] },
);
const toolUse = fc.record({ type: fc.constant('tool_use'), id: near(str), name: near(str), input: fc.jsonValue() }, { requiredKeys: ['type', 'id', 'name'] });
/** A tool result's content: a string, or blocks (text and images only are valid). */
const resultContent = near(fc.oneof(str, fc.array(fc.oneof(textBlock, fileBlock, toolUse), { maxLength: 2 })));

const block = fc.oneof(
  textBlock,
  toolUse,
  fc.record({ type: fc.constant('tool_result'), tool_use_id: near(str), content: resultContent, is_error: near(fc.boolean()) }, { requiredKeys: ['type', 'tool_use_id', 'content'] }),
  fc.record({ type: near(fc.constantFrom('text', 'image')), text: str }),
  fileBlock,
);

const message = fc.record(
  {
    role: near(fc.constantFrom('user', 'assistant', 'system')),
    content: near(fc.array(block, { maxLength: 3 })),
    model: near(str),
    stopReason: near(fc.option(str, { nil: null })),
    usage: near(fc.record({ input_tokens: near(fc.integer()), output_tokens: near(fc.integer()) })),
    aborted: near(fc.boolean()),
    errorMessage: near(str),
    stopExplanation: near(str),
    toolDurations: near(fc.dictionary(str, near(fc.oneof(fc.nat(), fc.double({ min: -10, max: 1e7 }))), { maxKeys: 3 })),
  },
  { requiredKeys: ['role', 'content'] },
);

const base = {
  id: near(fc.oneof(str, fc.constant(''))),
  parentId: near(fc.option(str, { nil: null })),
  timestamp: near(str),
};

const entry = fc.oneof(
  fc.record({ type: fc.constant('message'), ...base, message: near(message) }),
  fc.record(
    { type: fc.constant('custom_message'), ...base, customType: near(str), content: near(str), display: near(fc.boolean()), details: fc.jsonValue() },
    { requiredKeys: ['type', 'id', 'parentId', 'timestamp', 'customType', 'content', 'display'] },
  ),
  fc.record({ type: fc.constant('model_change'), ...base, model: near(str) }),
  fc.record({ type: fc.constant('session_info'), ...base, title: near(maybe(str)) }, { requiredKeys: ['type', 'id', 'parentId', 'timestamp'] }),
  fc.record(
    { type: fc.constant('handoff_outcome'), ...base, outcome: near(fc.constantFrom('done', 'cancelled', 'failed', 'lost')), message: near(str), childSession: near(str), childTitle: near(str), document: near(str) },
    { requiredKeys: ['type', 'id', 'parentId', 'timestamp', 'outcome'] },
  ),
  fc.record({ type: fc.constant('branch_switch'), ...base }),
  fc.record({ type: fc.constant('pin'), ...base, entryId: near(fc.oneof(str, fc.constant(''))), pinned: near(fc.boolean()) }),
  fc.record(
    {
      type: fc.constant('handoff_draft'),
      ...base,
      draft: near(
        fc.record({
          document: near(str),
          missingSections: fc.array(str, { maxLength: 2 }),
          trimmedMessages: near(fc.integer()),
          carryOver: fc.array(fc.record({ id: str, kind: near(fc.constantFrom('request', 'todo', 'pin', 'label')), text: str, inDocument: fc.boolean() }), { maxLength: 2 }),
          sources: fc.dictionary(str, near(str), { maxKeys: 2 }),
          unverified: fc.array(str, { maxLength: 2 }),
          contextBefore: near(fc.integer()),
        }),
      ),
    },
    { requiredKeys: ['type', 'id', 'parentId', 'timestamp'] },
  ),
  fc.record({ type: near(fc.constantFrom('label', 'compaction')), ...base }),
  fc.jsonValue(),
);

describe('isSessionEntry', () => {
  it('agrees with the zod SessionEntry schema on valid, nearly valid and arbitrary records', () => {
    let accepted = 0;
    fc.assert(
      fc.property(entry, (value) => {
        // Records come from JSON.parse, so check what survives a JSON round trip.
        const parsed: unknown = JSON.parse(JSON.stringify(value) ?? 'null');
        const expected = SessionEntry.safeParse(parsed).success;
        if (expected) accepted++;
        expect(isSessionEntry(parsed)).toBe(expected);
      }),
      { numRuns: 5000 },
    );
    // Both outcomes were exercised, so agreement means something.
    expect(accepted).toBeGreaterThan(200);
    expect(accepted).toBeLessThan(4800);
  });
});

describe('isSessionEntry on tool results', () => {
  const png = { type: 'base64', media_type: 'image/png', data: 'iVBO' };
  const entryWith = (content: unknown) => ({
    type: 'message',
    id: 'e1',
    parentId: null,
    timestamp: '2025-01-01T00:00:00.000Z',
    message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content }] },
  });

  it.each([
    ['text', 'plain', true],
    ['text and an image', [{ type: 'text', text: 'A chart:' }, { type: 'image', source: png, name: 'chart.png' }], true],
    ['a PDF', [{ type: 'document', source: { ...png, media_type: 'application/pdf' }, name: 'a.pdf' }], false],
    ['a tool call', [{ type: 'tool_use', id: 'x', name: 'y', input: {} }], false],
    ['a nameless image', [{ type: 'image', source: png }], false],
  ])('a tool result of %s: accepted as zod accepts it', (_, content, valid) => {
    expect(SessionEntry.safeParse(entryWith(content)).success).toBe(valid);
    expect(isSessionEntry(entryWith(content))).toBe(valid);
  });
});
