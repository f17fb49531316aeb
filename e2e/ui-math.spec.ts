// Math and diagrams in the browser, under the app's CSP: a streamed reply's formulas are typeset by KaTeX
// (HTML with MathML beside it, KaTeX's fonts loaded) and its ```mermaid block drawn as an SVG, in both
// themes; prices stay text; a hostile diagram and formula run nothing.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { messages, send } from './ui-helpers';

const MATH_REPLY = [
  'The area of a circle is $A = \\pi r^2$, and the plan costs $5 for one and $10 for two.',
  '',
  'Summing the first $n$ integers:',
  '',
  '$$',
  '\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}',
  '$$',
  '',
  'How a reply reaches the screen:',
  '',
  '```mermaid',
  'graph LR',
  '  Model[Claude] -->|streams| Core',
  '  Core --> Renderer',
  '  Renderer --> Screen{Typeset?}',
  '```',
  '',
  'That is all.',
].join('\n');

/** What the page reports as refused by its Content-Security-Policy. */
function cspViolations(page: Page): string[] {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  return refused;
}

for (const scheme of ['light', 'dark'] as const) {
  test(`${scheme} theme: a streamed reply's formulas are typeset and its diagram drawn`, async ({ page, baton }) => {
    const refused = cspViolations(page);
    await page.emulateMedia({ colorScheme: scheme });
    await baton.open(page);
    baton.fake.enqueue({ kind: 'text', text: MATH_REPLY, chunkSize: 30 });
    await send(page, 'Explain the area and the pipeline');
    const reply = messages(page).last();
    await expect(reply.getByText('That is all.')).toBeVisible();

    const formulas = reply.locator('.math');
    await expect(formulas).toHaveCount(3);
    // Each typeset formula carries MathML with its TeX source for assistive technology.
    await expect(formulas.locator('.katex .katex-mathml math')).toHaveCount(3);
    await expect(formulas.nth(0).locator('annotation')).toHaveText('A = \\pi r^2');
    await expect(reply.locator('.math-block .katex-display')).toBeVisible();
    await expect(reply.locator('.math-block annotation')).toHaveText('\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}');
    // The prices are text in their sentence.
    await expect(reply.locator('p').first()).toContainText('the plan costs $5 for one and $10 for two.');
    // KaTeX's own fonts, bundled beside its stylesheet, are allowed by the CSP and in use.
    expect(await page.evaluate(async () => (await document.fonts.load('1em KaTeX_Main')).length)).toBeGreaterThan(0);

    const diagram = reply.locator('.diagram svg');
    await expect(diagram).toBeVisible();
    for (const label of ['Claude', 'Core', 'Renderer', 'Typeset?', 'streams']) await expect(diagram.getByText(label, { exact: true })).toBeVisible();
    expect((await diagram.boundingBox())!.width).toBeGreaterThan(200);
    await expect(reply.locator('.diagram-error')).toHaveCount(0);

    const results = await new AxeBuilder({ page }).include('.math').include('.diagram-block').analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary}`).join(', ')}`)).toEqual([]);
    expect(refused).toEqual([]);
  });
}

test('Find in session finds a formula by its source and a diagram by its labels in the source', async ({ page, baton }) => {
  await baton.open(page);
  baton.fake.enqueue({ kind: 'text', text: MATH_REPLY });
  await send(page, 'Explain the area and the pipeline');
  await expect(messages(page).last().locator('.diagram svg')).toBeVisible();
  await page.keyboard.press('Control+f');
  const find = page.getByRole('textbox', { name: 'Find in session' });
  const count = page.locator('.find-count');
  await find.fill('\\pi r^2');
  await expect(count).toHaveText('1 of 1');
  // The current match marks the whole typeset formula; the chat shows the formula, not its source.
  await expect(page.locator('.math').first()).toBeVisible();
  await find.fill('Core --> Renderer');
  await expect(count).toHaveText('1 of 1');
  await find.fill('$');
  await expect(count).toHaveText('1 of 2');
});

test('KaTeX and Mermaid are loaded only when a message first needs them', async ({ page, baton }) => {
  const loaded: string[] = [];
  page.on('request', (request) => {
    const chunk = /\/assets\/(katex|mermaid)-/.exec(request.url())?.[1];
    if (chunk) loaded.push(chunk);
  });
  await baton.open(page);
  baton.fake.enqueue({ kind: 'text', text: 'Plain words, a price of $5 and $10, and `code`.' });
  await send(page, 'Say something plain');
  await expect(messages(page).last()).toContainText('a price of $5 and $10');
  expect(loaded).toEqual([]);
  baton.fake.enqueue({ kind: 'text', text: 'Now a formula: $e^{i\\pi} + 1 = 0$.' });
  await send(page, 'And a formula');
  await expect(messages(page).last().locator('.math .katex')).toBeVisible();
  expect(loaded).toContain('katex');
  expect(loaded).not.toContain('mermaid');
});

test('a change of theme draws the diagram anew in the new colours', async ({ page, baton }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await baton.open(page);
  baton.fake.enqueue({ kind: 'text', text: MATH_REPLY });
  await send(page, 'Explain the area and the pipeline');
  const node = messages(page).last().locator('.diagram .node').first().locator('rect, polygon').first();
  await expect(node).toBeVisible();
  const fill = () => node.evaluate((el) => getComputedStyle(el).fill);
  const light = await fill();
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(fill).not.toBe(light);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(fill).toBe(light);
});

test('a hostile diagram and formula run nothing: no script, handler or javascript: link survives', async ({ page, baton }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const refused = cspViolations(page);
  await baton.open(page);
  const hostile = [
    'A link: $\\href{javascript:alert(1)}{click me}$ and $\\url{javascript:alert(2)}$.',
    '',
    '```mermaid',
    '%%{init: {"securityLevel": "loose", "themeCSS": "body { display: none }"}}%%',
    'graph TD',
    '  A["<img src=x onerror=alert(3)>"] --> B["<script>alert(4)</script>Bee"]',
    '  B --> C["<a href=\'javascript:alert(5)\'>Sea</a>"]',
    '  click A href "javascript:alert(6)"',
    '  click B call alert(7)',
    '```',
  ].join('\n');
  baton.fake.enqueue({ kind: 'text', text: hostile });
  await send(page, 'Draw it');
  const reply = messages(page).last();
  const diagram = reply.locator('.diagram svg');
  await expect(diagram).toBeVisible();
  await expect(reply.locator('.math')).toHaveCount(2);
  await expect(reply.locator('script, iframe, object, embed')).toHaveCount(0);
  const unsafe = await reply.evaluate((root) =>
    [...root.querySelectorAll('*')].flatMap((el) =>
      [...el.attributes].filter((a) => a.name.startsWith('on') || /^\s*javascript:/i.test(a.value)).map((a) => `${el.tagName} ${a.name}=${a.value}`),
    ),
  );
  expect(unsafe).toEqual([]);
  for (const node of ['A', 'B', 'C']) await diagram.locator(`[id*="flowchart-${node}-"]`).click();
  for (const formula of await reply.locator('.math').all()) await formula.click();
  await expect(page.getByRole('navigation', { name: 'Sessions' })).toBeVisible(); // the page is still there
  expect(dialogs).toEqual([]);
  // What the CSP reports is the sanitizer's parse of the hostile labels (an inert document): handlers, refused.
  for (const report of refused) expect(report).toMatch(/^Executing inline event handler .* The action has been blocked\.$/);
});

test('at 420 px wide, a wide diagram scrolls in its block at a readable size and the reply stays in the window', async ({ page, baton }) => {
  await baton.open(page);
  await page.setViewportSize({ width: 420, height: 800 });
  baton.fake.enqueue({ kind: 'text', text: MATH_REPLY });
  await send(page, 'Explain the area and the pipeline');
  const reply = messages(page).last();
  const diagram = reply.locator('.diagram');
  await expect(diagram.locator('svg')).toBeVisible();
  const { scrollWidth, clientWidth } = await diagram.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
  expect(scrollWidth).toBeGreaterThan(clientWidth);
  const label = await diagram.getByText('Claude', { exact: true }).boundingBox();
  expect(label!.height).toBeGreaterThan(10);
  for (const part of [reply, reply.locator('.math-block'), reply.locator('.diagram-block')]) {
    expect((await part.boundingBox())!.x + (await part.boundingBox())!.width).toBeLessThanOrEqual(420);
  }
  const results = await new AxeBuilder({ page }).include('.diagram-block').analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
});
