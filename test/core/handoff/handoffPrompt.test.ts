// The handoff prompt with the user's own instructions, the citations note and a chain's previous document
// (SPEC §4.3), and what review shows of a chain: the lines changed since the previous document.
import { describe, expect, it } from 'vitest';
import { DEFAULT_HANDOFF_INSTRUCTIONS } from '../../../shared/settings';
import { HANDOFF_SECTIONS } from '../../../shared/texts';
import { buildHandoffPrompt, PREVIOUS_DOCUMENT_MAX_TOKENS } from '../../../electron/core/handoff/handoffDocument';
import { documentChanges } from '../../../electron/core/handoff/documentChanges';

describe('the handoff prompt', () => {
  it('is Baton’s own by default: the six sections with their guides where {sections} stands, then the citations note', () => {
    const prompt = buildHandoffPrompt();
    const [before, after] = DEFAULT_HANDOFF_INSTRUCTIONS.prompt.split('{sections}');
    expect(prompt.startsWith(before as string)).toBe(true);
    expect(prompt).toContain(`## Goal\n(what the user is trying to achieve, in their terms)\n\n## Constraints & Preferences\n(`);
    expect(prompt).toContain(`${after}\n\nEach message of this conversation begins with its number, [#n].`);
    expect(prompt).not.toContain('{sections}');
  });

  it('takes the user’s prompt and sections; without {sections} the headings follow the prompt', () => {
    const prompt = buildHandoffPrompt('the parser', [], { instructions: { prompt: 'Summarise for my colleague.', sections: ['Summary', 'Goal'] } });
    expect(prompt).toMatch(/^Summarise for my colleague\.\n\n## Summary\n\n## Goal\n\(what the user/);
    expect(prompt).toMatch(/\n\nAdditional focus: the parser$/);
    for (const section of HANDOFF_SECTIONS.slice(1)) expect(prompt).not.toContain(`## ${section}`);
  });

  it('in a chain, gives the previous document cut to its cap and asks for an updated one', () => {
    const previous = `## Goal\nShip it.\n${'x'.repeat(PREVIOUS_DOCUMENT_MAX_TOKENS * 4 * 3)}\nTHE END`;
    const prompt = buildHandoffPrompt(undefined, [], { previous });
    expect(prompt).toContain('Write an updated document');
    expect(prompt).toContain('<previous-handoff>\n## Goal\nShip it.');
    expect(prompt).toContain('[… the rest of the previous document is left out here]\n</previous-handoff>');
    expect(prompt).not.toContain('THE END');
    expect(prompt.length).toBeLessThan(buildHandoffPrompt().length + PREVIOUS_DOCUMENT_MAX_TOKENS * 4 + 1_000);
  });
});

describe('what changed since the previous document', () => {
  it('lists lines added and removed, ignoring moved lines and what Baton appended', () => {
    const previous = '## Goal\nShip it.\n\n## Progress\n- [x] Parser [#2]\n- [ ] Tests\n\n## Also carried over\n\n- `a.ts`';
    const next = '## Progress\n- [x] Parser [#2]\n- [x] Tests [#9]\n\n## Goal\nShip it.\n\n## Pinned (verbatim)\n\nold words';
    expect(documentChanges(previous, next)).toEqual({ added: ['- [x] Tests [#9]'], removed: ['- [ ] Tests'] });
  });
});
