// @vitest-environment happy-dom
// Formulas in replies: `$…$` inline and `$$…$$` display, typeset by KaTeX (loaded lazily) with MathML
// beside the HTML; prices stay text; a formula still being streamed waits for its end; what a reply
// writes stays inert (no links, images or handlers) and bounded (sizes, macro expansion, length).
import { afterEach, describe, expect, it } from 'vitest';
import { Markdown } from '../../renderer/src/components/chat/Markdown';
import { MAX_FORMULA_CHARS } from '../../renderer/src/lib/math';
import { render, settle, setup, type Rendered } from './harness';

let view: Rendered | undefined;
afterEach(() => view?.unmount());

/** Renders a reply and waits for KaTeX's chunk, or for `expected` typeset formulas (0 waits the whole time, so "none" means something). */
async function show(text: string, { streaming = false, expected = 1 } = {}) {
  const { store } = await setup();
  view = await render(<Markdown text={text} streaming={streaming} />, store);
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline && document.querySelectorAll('.math').length < Math.max(expected, 1)) await settle();
  return view.container;
}

const tex = (el: Element) => el.querySelector('annotation[encoding="application/x-tex"]')?.textContent;

describe('formulas', () => {
  it('typesets inline and display math, with MathML holding the source', async () => {
    const root = await show(['Energy is $E=mc^2$ and the sum is $$\\sum_{i=1}^n i$$ here.', '', '$$', '\\int_0^1 x\\,dx = \\frac{1}{2}', '$$', '', '```math', 'a^2+b^2=c^2', '```'].join('\n'), {
      expected: 4,
    });
    const formulas = [...root.querySelectorAll('.math')];
    expect(formulas.map((f) => tex(f))).toEqual(['E=mc^2', '\\sum_{i=1}^n i', '\\int_0^1 x\\,dx = \\frac{1}{2}', 'a^2+b^2=c^2']);
    expect(formulas.map((f) => f.querySelector('.katex-display') !== null)).toEqual([false, true, true, true]);
    for (const f of formulas) expect(f.querySelector('.katex math semantics')).not.toBeNull();
    // The inline ones stay in their line; the blocks are their own.
    expect(root.querySelector('p')!.textContent).toContain('Energy is ');
    expect(root.querySelectorAll('.math-block')).toHaveLength(2);
    expect(root.querySelector('pre')).toBeNull();
  });

  it('leaves prices as text, with the Markdown between them read as usual', async () => {
    const root = await show('It costs $5 for the **basic** plan and $10 for pro; $5-$10 a month, or $ 3 $ off.', { expected: 0 });
    expect(root.querySelector('.katex, .math-source')).toBeNull();
    expect(root.textContent).toBe('It costs $5 for the basic plan and $10 for pro; $5-$10 a month, or $ 3 $ off.');
    expect(root.querySelector('strong')?.textContent).toBe('basic');
  });

  it('reads a formula after a price, and an escaped dollar as a dollar', async () => {
    const root = await show('Pay $5 and then $x$ more, not \\$y$.');
    expect([...root.querySelectorAll('.math')].map((f) => tex(f))).toEqual(['x']);
    expect(root.textContent).toContain('Pay $5 and then ');
    expect(root.textContent).toContain('more, not $y$.');
  });

  it('in a streaming reply, shows the display formula still being written as its source', async () => {
    const root = await show('So $a+b$ is:\n\n$$\n\\frac{a}{b', { streaming: true });
    expect(tex(root.querySelector('.math')!)).toBe('a+b');
    const writing = root.querySelector('.math-block');
    expect(writing?.querySelector('.katex')).toBeNull();
    expect(writing?.textContent).toBe('\\frac{a}{b');
  });

  it('shows an error in the formula, not a broken page, for TeX that does not parse', async () => {
    const root = await show('Broken: $\\frac{1}{$ and fine: $y$', { expected: 2 });
    const error = root.querySelector('.katex-error');
    expect(error?.textContent).toBe('\\frac{1}{');
    expect(tex(root.querySelectorAll('.math')[1]!)).toBe('y');
  });
});

describe('hostile formulas', () => {
  it('make no links, images, styles or classes of their own (trust is off)', async () => {
    const source = [
      '$\\href{javascript:alert(1)}{click}$',
      '$\\url{javascript:alert(2)}$',
      '$\\includegraphics{https://example.com/x.png}$',
      '$\\htmlClass{x}{y}$ $\\htmlStyle{color:red}{z}$ $\\htmlId{root}{w}$ $\\htmlData{a=b}{v}$',
      '$<img src=x onerror=alert(3)>$',
    ].join('\n\n');
    const root = await show(source, { expected: 8 });
    expect(root.querySelectorAll('.math')).toHaveLength(8);
    expect(root.querySelector('a, img, script, [href], [src], [id="root"], [data-a], .x')).toBeNull();
    for (const el of root.querySelectorAll('*')) {
      for (const attr of el.attributes) {
        expect(attr.name.startsWith('on'), attr.name).toBe(false);
        expect(attr.value, attr.name).not.toMatch(/^\s*javascript:/i);
      }
    }
  });

  it('are bounded: sizes capped, macro expansion stopped, and an overlong formula shown as its source', async () => {
    const bomb = '\\def\\a{xxxxxxxxxx}\\def\\b{\\a\\a\\a\\a\\a\\a\\a\\a\\a\\a}\\def\\c{\\b\\b\\b\\b\\b\\b\\b\\b\\b\\b}\\def\\d{\\c\\c\\c\\c\\c\\c\\c\\c\\c\\c}\\d';
    const long = `${'x+'.repeat(MAX_FORMULA_CHARS / 2)}1`;
    const root = await show(`$\\rule{100000em}{100000em}$\n\n$${bomb}$\n\n$${long}$`, { expected: 2 });
    const rule = root.querySelector<HTMLElement>('.math .katex-rule')!;
    expect(parseFloat(rule.style.borderRightWidth)).toBeLessThanOrEqual(20);
    expect(parseFloat(rule.style.borderTopWidth)).toBeLessThanOrEqual(20);
    expect(root.querySelectorAll('.math')[1]!.querySelector('.katex-error')?.getAttribute('title')).toMatch(/Too many expansions/);
    const overlong = root.querySelector('code.math-source');
    expect(overlong?.textContent).toBe(long);
    expect(root.querySelectorAll('.math')).toHaveLength(2);
  });
});
