// Highlighted code blocks in the browser: the tokens are marked once the highlighter has loaded, in both
// themes with colours readable on the code background (axe's contrast check).
import AxeBuilder from '@axe-core/playwright';
import { test, expect } from './fixtures';
import { send } from './ui-helpers';

const REPLY = [
  'Here is the parser, a test run and the change:',
  '```ts\n// Reads one record.\nexport function parse(line: string): Entry | undefined {\n  const value: unknown = JSON.parse(line);\n  return isEntry(value) ? value : undefined;\n}\n```',
  '```python\nclass Reader:\n    def read(self, path="a.jsonl"):\n        return [json.loads(l) for l in open(path)]  # 1 per line\n```',
  '```diff\n- const limit = 10;\n+ const limit = 20;\n```',
  '```json\n{ "type": "message", "count": 3, "ok": true, "parent": null }\n```',
].join('\n\n');

for (const scheme of ['light', 'dark'] as const) {
  test(`${scheme} theme: code blocks are highlighted, readably`, async ({ page, baton }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await baton.open(page);
    baton.fake.enqueue({ kind: 'text', text: REPLY, chunkSize: 40 });
    await send(page, 'Show me the parser');
    const blocks = page.locator('.code-block');
    await expect(blocks).toHaveCount(4);
    await expect(blocks.nth(0).locator('.hljs-keyword').first()).toHaveText('export');
    await expect(blocks.nth(0).locator('.hljs-comment')).toHaveText('// Reads one record.');
    await expect(blocks.nth(1).locator('.hljs-title.class_')).toHaveText('Reader');
    await expect(blocks.nth(2).locator('.hljs-addition')).toHaveText('+ const limit = 20;');
    await expect(blocks.nth(3).locator('.hljs-attr').first()).toHaveText('"type"');
    // The text is the code as written: Copy takes it unchanged.
    await expect(blocks.nth(0).locator('pre')).toContainText('export function parse(line: string): Entry | undefined {');
    const results = await new AxeBuilder({ page }).include('.code-block').analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}
