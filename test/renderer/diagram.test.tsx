// @vitest-environment happy-dom
// ```mermaid blocks: drawn by Mermaid once complete (the drawing itself needs a browser's layout: see
// e2e/ui-math.spec.ts); one Mermaid cannot draw shows its source and a short reason, never a broken page.
import { afterEach, describe, expect, it } from 'vitest';
import { Markdown } from '../../renderer/src/components/chat/Markdown';
import { MAX_DIAGRAM_CHARS } from '../../renderer/src/lib/diagram';
import { render, settle, setup, type Rendered } from './harness';

let view: Rendered | undefined;
afterEach(() => view?.unmount());

const mermaid = (source: string) => `\`\`\`mermaid\n${source}\n\`\`\``;

/** Renders a reply and waits for Mermaid's answer (drawn or refused), or the whole time when none is expected. */
async function show(text: string, { streaming = false, answer = true } = {}) {
  const { store } = await setup();
  view = await render(<Markdown text={text} streaming={streaming} />, store);
  const deadline = Date.now() + (answer ? 20_000 : 5_000);
  while (Date.now() < deadline && !document.querySelector('.diagram, .diagram-error')) await settle();
  return view.container;
}

describe('diagrams', () => {
  it('a syntax error shows the source as code, with the first line of the reason', async () => {
    const source = 'graph TD\n  A --> B\n  B --> --> C';
    const root = await show(`Here:\n\n${mermaid(source)}\n\nAfter.`);
    expect(root.querySelector('.diagram-error')?.textContent).toMatch(/^This diagram could not be drawn: Parse error on line 3$/);
    expect(root.querySelector('.code-block pre')?.textContent).toBe(`${source}\n`);
    expect(root.querySelector('.code-language')?.textContent).toBe('mermaid');
    expect(root.textContent).toContain('After.');
  });

  it('in a streaming reply, the block still being written shows its source and is not drawn', async () => {
    const root = await show(`Look:\n\n\`\`\`mermaid\ngraph TD\n  A --> B --> --> C`, { streaming: true, answer: false });
    expect(root.querySelector('.diagram, .diagram-error')).toBeNull();
    expect(root.querySelector('.code-block pre')?.textContent).toBe('graph TD\n  A --> B --> --> C\n');
  });

  it('one too long to draw shows its source, and Mermaid is not asked', async () => {
    const source = `graph TD\n${'  A --> B\n'.repeat(MAX_DIAGRAM_CHARS / 10)}`;
    const root = await show(mermaid(source.trimEnd()), { answer: false });
    expect(root.querySelector('.diagram, .diagram-error')).toBeNull();
    expect(root.querySelector('.code-block pre')?.textContent).toBe(`${source.trimEnd()}\n`);
  });
});
