// A streamed reply is parsed block by block: the cuts must not fall inside what Markdown reads as one.
import { describe, expect, it } from 'vitest';
import { markdownBlocks } from '../../renderer/src/components/chat/markdownBlocks';

const texts = (md: string, from = 0, minLength = 0) => markdownBlocks(md, from, minLength).map((b) => b.text);

describe('markdownBlocks', () => {
  it('cuts at blank lines before a line at the margin, and the blocks make the text again', () => {
    const md = '# Title\n\nA paragraph\non two lines.\n\n- a list\n- of two\n\nThe end';
    expect(texts(md)).toEqual(['# Title\n\n', 'A paragraph\non two lines.\n\n', '- a list\n- of two\n\n', 'The end']);
    expect(markdownBlocks(md).map((b) => md.slice(b.start, b.start + b.text.length))).toEqual(texts(md));
  });

  it('keeps a code fence, display math and an indented continuation whole, blank lines and all', () => {
    const fence = '```py\nx = 1\n\ny = 2\n```\n\n';
    const math = '$$\na\n\nb\n$$\n\n';
    const item = '1. First\n\n   still the first item\n\n';
    expect(texts(`${fence}${math}${item}After`)).toEqual([fence, math, item, 'After']);
  });

  it('cuts only a block as long as asked', () => {
    expect(texts('One\n\nTwo\n\nThree and more\n\nFour', 0, 8)).toEqual(['One\n\nTwo\n\n', 'Three and more\n\n', 'Four']);
  });

  it('a fence still open runs to the end', () => {
    expect(texts('Intro\n\n```\ncode\n\nmore code')).toEqual(['Intro\n\n', '```\ncode\n\nmore code']);
  });
});

describe('what a block costs to parse', () => {
  it('is its length, with the lines inside a code fence or display math at an eighth', () => {
    const prose = 'Some prose.\n\n';
    const code = `\`\`\`ts\n${'x = 1;\n'.repeat(80)}\`\`\`\n\n`;
    const [a, b] = markdownBlocks(`${prose}${code}`);
    expect(a!.cost).toBe(prose.length);
    expect(b!.cost).toBe(code.length - 80 * 6 + 80 * 6 / 8);
  });
});
