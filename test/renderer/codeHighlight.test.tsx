// @vitest-environment happy-dom
// Code blocks are highlighted once they are complete: a settled reply's blocks, and in a streaming reply
// the blocks that something already follows; the block still being written stays plain text.
import { afterEach, describe, expect, it } from 'vitest';
import { Markdown } from '../../renderer/src/components/chat/Markdown';
import { render, settle, setup, type Rendered } from './harness';

let view: Rendered | undefined;
afterEach(() => view?.unmount());

const fence = (lang: string, code: string) => `\`\`\`${lang}\n${code}\n\`\`\``;
const TS = 'const answer: number = 42; // the answer';

async function show(text: string, streaming = false) {
  const { store } = await setup();
  view = await render(<Markdown text={text} streaming={streaming} />, store);
  // The highlighter and the grammar are separate chunks: give them time to arrive, even on a busy machine
  // (a test expecting no highlight at all waits the whole time, so its "none" means something).
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline && !document.querySelector('[class^="hljs-"]')) await settle();
  return [...document.querySelectorAll('pre')];
}

const tokens = (pre: Element, cls: string) => [...pre.querySelectorAll(`.hljs-${cls}`)].map((el) => el.textContent);

describe('highlighted code blocks', () => {
  it('marks the tokens of a settled block, its text unchanged', async () => {
    const [pre] = await show(`Here:\n\n${fence('ts', TS)}`);
    expect(tokens(pre!, 'keyword')).toContain('const');
    expect(tokens(pre!, 'number')).toEqual(['42']);
    expect(tokens(pre!, 'comment')).toEqual(['// the answer']);
    expect(pre!.textContent).toBe(TS);
    expect(pre!.querySelector('code')?.className).toBe('language-ts hljs');
    // Classes only: the CSP allows no inline styles from the highlighter.
    expect(pre!.querySelector('[style]')).toBeNull();
  });

  it('reads the usual aliases, and leaves unknown languages and untagged blocks plain', async () => {
    const pres = await show([fence('py', 'def f():\n    return None'), fence('klingon', 'qaStaH nuq'), fence('', 'plain words')].join('\n\n'));
    expect(tokens(pres[0]!, 'keyword')).toEqual(['def', 'return']);
    expect(pres[1]!.querySelector('[class^="hljs-"]')).toBeNull();
    expect(pres[1]!.textContent).toBe('qaStaH nuq\n');
    expect(pres[2]!.querySelector('[class^="hljs-"]')).toBeNull();
  });

  it('in a streaming reply, highlights a block something follows, not the one still being written', async () => {
    const pres = await show(`${fence('ts', TS)}\n\nAnd now:\n\n\`\`\`ts\nconst partial = `, true);
    expect(tokens(pres[0]!, 'keyword')).toContain('const');
    expect(pres[1]!.querySelector('[class^="hljs-"]')).toBeNull();
    expect(pres[1]!.textContent).toBe('const partial = \n');
  });

  it('in a streaming reply, keeps a just-closed last block plain until more text arrives', async () => {
    const pres = await show(`Look:\n\n${fence('ts', TS)}\n`, true);
    expect(pres[0]!.querySelector('[class^="hljs-"]')).toBeNull();
  });
});
