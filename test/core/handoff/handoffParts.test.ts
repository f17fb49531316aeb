// The session-free pieces of handoff: prompt, wrapper, capture, section check, trimming.
import { describe, expect, it } from 'vitest';
import type { AgentMessage } from '../../../shared/session';
import { HANDOFF_SECTIONS } from '../../../shared/texts';
import { wrapHandoffDocument } from '../../../shared/sessionFormat';
import { buildHandoffPrompt, handoffTitle, lastAssistantText } from '../../../electron/core/handoff/handoffDocument';
import { findMissingSections } from '../../../shared/handoffSections';
import { trimToFit } from '../../../electron/core/handoff/transcriptFit';
import { estimateTokens } from '../../../electron/core/agent/tokens';

const user = (text: string): AgentMessage => ({ role: 'user', content: [{ type: 'text', text }] });
const assistant = (...texts: string[]): AgentMessage => ({ role: 'assistant', content: texts.map((text) => ({ type: 'text' as const, text })) });

export const FULL_DOCUMENT = HANDOFF_SECTIONS.map((s) => `## ${s}\n${s} details.`).join('\n\n');

describe('handoff prompt (step 3)', () => {
  it('asks for the six sections', () => {
    const prompt = buildHandoffPrompt();
    for (const section of HANDOFF_SECTIONS) expect(prompt).toContain(`## ${section}`);
    expect(prompt).not.toContain('Additional focus');
  });

  it('appends "Additional focus: <instructions>" when given', () => {
    expect(buildHandoffPrompt('  the parser bug ')).toMatch(/\n\nAdditional focus: the parser bug$/);
    expect(buildHandoffPrompt('   ')).not.toContain('Additional focus');
  });
});

describe('wrapper (step 8)', () => {
  it('is exactly the text of SPEC §4.1', () => {
    expect(wrapHandoffDocument('DOC')).toBe(
      '<handoff-context>\nDOC\n</handoff-context>\n\nThe above is a handoff document from a previous session. Use this context to continue the work seamlessly.',
    );
  });
});

describe('capture (step 5)', () => {
  it("joins the last assistant message's text blocks with \\n", () => {
    const messages = [user('a'), assistant('old'), user('b'), { ...assistant('one', 'two'), content: [{ type: 'text' as const, text: 'one' }, { type: 'tool_use' as const, id: 't', name: 'x', input: {} }, { type: 'text' as const, text: 'two' }] }];
    expect(lastAssistantText(messages)).toBe('one\ntwo');
    expect(lastAssistantText([user('a')])).toBe('');
  });
});

describe('section check', () => {
  it('finds every heading style a model writes', () => {
    expect(findMissingSections(FULL_DOCUMENT)).toEqual([]);
    const styled = '# Goal\n**Constraints and Preferences**\n### 3. Progress:\nKey Decisions\n## __Critical Context__\n';
    expect(findMissingSections(styled)).toEqual(['Next Steps']);
  });

  it('does not count a mention inside a sentence', () => {
    expect(findMissingSections('Our goal is progress.')).toEqual([...HANDOFF_SECTIONS]);
  });
});

describe('trimToFit', () => {
  const long = (i: number) => (i % 2 === 0 ? user(`u${i} ${'x'.repeat(400)}`) : assistant(`a${i} ${'y'.repeat(400)}`));
  const transcript = Array.from({ length: 40 }, (_, i) => long(i));
  const prompt = user('write the handoff');

  it('keeps everything when it fits', () => {
    const all = [...transcript, prompt];
    expect(trimToFit(all, estimateTokens(all) + all.length)).toEqual({ messages: all, trimmed: 0 });
  });

  it('leaves out the oldest messages, keeps the prompt, and says so', () => {
    const all = [...transcript, prompt];
    const { messages, trimmed } = trimToFit(all, 1000);
    expect(trimmed).toBeGreaterThan(0);
    expect(messages.at(-1)).toBe(prompt);
    expect(messages.slice(1)).toEqual(all.slice(trimmed));
    expect(messages[0]?.content[0]).toMatchObject({ type: 'text', text: expect.stringContaining(`The ${trimmed} oldest messages`) });
    expect(estimateTokens(messages.slice(1))).toBeLessThanOrEqual(1000);
  });

  it('keeps the prompt even when nothing else fits', () => {
    const { messages, trimmed } = trimToFit([...transcript, prompt], 1);
    expect(trimmed).toBe(40);
    expect(messages.at(-1)).toBe(prompt);
  });
});

describe('title of the handed-off session', () => {
  it('is the first line of the Goal, without Markdown', () => {
    expect(handoffTitle('## Goal\n\n- **Ship** the `parser`\n\n## Progress\nnone', 'Old chat')).toBe('Ship the parser');
  });

  it("falls back to the parent's title, numbered, when the Goal is missing or empty", () => {
    expect(handoffTitle('Just notes, no sections', 'Old chat')).toBe('Old chat (2)');
    expect(handoffTitle('## Goal\n\n## Constraints & Preferences\nTypeScript', 'Old chat')).toBe('Old chat (2)');
  });

  it('is never the title of the parent or of another session of the chain', () => {
    const goal = '## Goal\nFinish the work on the parser\n\n## Progress\nhalf';
    expect(handoffTitle(goal, 'Finish the work on the parser')).toBe('Finish the work on the parser (2)');
    expect(handoffTitle(goal, 'Finish the work on the parser (2)', ['Finish the work on the parser'])).toBe('Finish the work on the parser (3)');
    expect(handoffTitle(goal, 'finish  the work on the PARSER')).toBe('Finish the work on the parser (2)');
    expect(handoffTitle(goal, 'Something else', ['Another'])).toBe('Finish the work on the parser');
  });

  it('a numbered title still fits the title length, and a shortened one keeps its number', () => {
    const long = `Finish the work ${'on every part of the parser '.repeat(4)}`;
    const parent = handoffTitle(`## Goal\n${long}`, 'Old');
    expect(parent.endsWith('…')).toBe(true);
    const child = handoffTitle(`## Goal\n${long}`, parent);
    expect(child).toMatch(/… \(2\)$/);
    expect(child.length).toBeLessThanOrEqual(60);
  });

  it('is shortened like any title', () => {
    expect(handoffTitle(`# Goal\n${'word '.repeat(40)}`, 'Old').length).toBeLessThanOrEqual(60);
  });
});
