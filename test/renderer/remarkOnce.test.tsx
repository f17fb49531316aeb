// The syntax extensions built once serve every processor: each text reads as a processor of its own
// with the plugins run afresh reads it, the tenth as the first.
import { renderToStaticMarkup } from 'react-dom/server';
import ReactMarkdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { describe, expect, it } from 'vitest';
import { remarkMath } from '../../renderer/src/lib/math/remarkMath';
import { remarkOnce } from '../../renderer/src/lib/remarkOnce';

const TEXTS = [
  '| a | b |\n| - | - |\n| 1 | ~~2~~ |',
  '- [x] done\n- [ ] not yet\n\nSee www.example.com[^1].\n\n[^1]: A note.',
  'Inline $x^2$ and a price of $5 and $10.\n\n$$\n\\int_0^1 x\\,dx\n$$',
];
const once = [remarkOnce(remarkGfm), remarkOnce(remarkMath)];
const fresh = [remarkGfm, remarkMath];
const html = (text: string, plugins: typeof fresh) => renderToStaticMarkup(<ReactMarkdown remarkPlugins={plugins}>{text}</ReactMarkdown>);

describe('remarkOnce', () => {
  it('renders GFM and math as the plugins themselves do, text after text', () => {
    for (let round = 0; round < 3; round++) {
      for (const text of TEXTS) expect(html(text, once)).toBe(html(text, fresh));
    }
    expect(html(TEXTS[0]!, once)).toContain('<table>');
    expect(html(TEXTS[0]!, once)).toContain('<del>2</del>');
    expect(html(TEXTS[2]!, once)).toContain('math-inline');
  });
});
