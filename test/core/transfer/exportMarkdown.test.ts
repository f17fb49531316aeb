// Export session as Markdown, read by a viewer that renders raw HTML and follows any link (as many do):
// what a message holds never becomes live HTML or a script link, and its thinking stays folded inside
// its own <details>. micromark is the CommonMark reference parser the chat's own renderer is built on.
import { micromark } from 'micromark';
import { describe, expect, it } from 'vitest';
import type { AgentMessage, SessionEntry } from '../../../shared/session';
import { sessionMarkdown } from '../../../electron/core/transfer/exportMarkdown';

const header = { type: 'session' as const, version: 1, id: 's1', timestamp: '2025-03-14T09:26:00.000Z' };
let n = 0;
const message = (role: 'user' | 'assistant', content: AgentMessage['content']): SessionEntry => ({
  type: 'message',
  id: `e${++n}`,
  parentId: n > 1 ? `e${n - 1}` : null,
  timestamp: header.timestamp,
  message: { role, content },
});

/** The export as a permissive viewer shows it. */
const rendered = (branch: SessionEntry[], title = 'Export') =>
  micromark(sessionMarkdown({ header, title, branch }), { allowDangerousHtml: true, allowDangerousProtocol: true });

describe('Markdown export', () => {
  it('shows raw HTML of a message as text, and keeps code as written', () => {
    const html = rendered([
      message('user', [{ type: 'text', text: 'Is <script>alert(1)</script> safe? And <img src=x onerror="alert(2)">' }]),
      message('assistant', [{ type: 'text', text: 'Use `<b>` for bold:\n\n```html\n<b>bold</b>\n```\n\n<div onclick="x()">click</div>' }]),
    ]);
    expect(html).not.toMatch(/<script|<img|<div/);
    expect(html).toContain('Is &lt;script&gt;alert(1)&lt;/script&gt; safe?');
    expect(html).toContain('<code>&lt;b&gt;</code>');
    expect(html).toContain('<pre><code class="language-html">&lt;b&gt;bold&lt;/b&gt;\n</code></pre>');
  });

  it('keeps web and mail links, and makes script links (however spelled) plain text', () => {
    const html = rendered([
      message('assistant', [
        {
          type: 'text',
          text: [
            '[docs](https://example.com/docs) and [mail](mailto:a@example.com) and [here](#top)',
            '[one](javascript:alert(1)) [two](  JavaScript:alert(2)) [three](jav&#x61;script:alert(3)) [four](javascript&colon;alert(4))',
            '[five](javascript\\:alert(5)) ![six](vbscript:x) <javascript:alert(7)> [eight][r]',
            '',
            '[r]: javascript:alert(8)',
          ].join('\n'),
        },
      ]),
    ]);
    expect(html).toContain('<a href="https://example.com/docs">docs</a>');
    expect(html).toContain('<a href="mailto:a@example.com">mail</a>');
    expect(html).toContain('<a href="#top">here</a>');
    expect(html).not.toMatch(/href="[^"]*script/i);
    expect(html).not.toMatch(/src="[^"]*script/i);
  });

  it('makes a script link plain text when its target starts on the next line (a carriage return ending one too), and keeps a web one', () => {
    const html = rendered([
      message('assistant', [
        {
          type: 'text',
          text: [
            '[one](\njavascript:alert(1)) and [docs](\n  https://example.com/docs) [seven](java&Tab;script:alert(7))',
            '',
            '> [two](  \n> javascript:alert(2))',
            '',
            '- [three](\n  javascript:alert(3))',
            '',
            '[r]:\njavascript:alert(4)',
            '',
            '[s]:   \n  <javascript:alert(5)>',
            '',
            '[long\nlabel]: javascript:alert(6)',
            '',
            '[four][r] [five][s] [six][long label]',
            '',
            '[eight](\r\njavascript:alert(8)) and `a\r\r<img src=x onerror=alert(9)>`',
          ].join('\n'),
        },
      ]),
    ]);
    expect(html).toContain('<a href="https://example.com/docs">docs</a>');
    expect(html).not.toMatch(/href="[^"]*script/i);
    expect(html).not.toContain('<img');
  });

  it('shows HTML as text after an escaped backtick, and in code spans an earlier line may have opened', () => {
    const html = rendered([
      message('assistant', [
        { type: 'text', text: 'An escaped \\`<img src=x onerror=alert(1)>`\n\nA span `over\ntwo` lines, then <img src=x onerror=alert(2)> `and` ` one' },
      ]),
    ]);
    expect(html).not.toContain('<img');
    expect(html).toContain('<code>over two</code>');
  });

  it("keeps a list item's code as written, and shows HTML as text where a list item may have ended its fence", () => {
    const html = rendered([
      message('assistant', [{ type: 'text', text: '1. Write:\n   ```html\n   <b>bold</b>\n   ```\n2. Then <i>this</i>' }]),
      ...[
        '- a\n   ```\n<img src=x onerror=alert(1)>',
        '- ```\n  ```\n  <img src=x onerror=alert(2)>',
        '- a\n   ```\n   x\n```\ny\n```\n<img src=x onerror=alert(3)>',
        '- a\n  ```\n  x\n     ```\n  <img src=x onerror=alert(4)>',
        '  ```\nx\n```\n<img src=x onerror=alert(5)>',
      ].map((text) => message('assistant', [{ type: 'text', text }])),
    ]);
    expect(html).toContain('<pre><code class="language-html">&lt;b&gt;bold&lt;/b&gt;\n</code></pre>');
    expect(html).toContain('Then &lt;i&gt;this&lt;/i&gt;');
    expect(html).not.toContain('<img');
  });

  it("keeps a thinking block inside its own <details>, whatever it writes or leaves open", () => {
    const html = rendered([
      message('assistant', [
        { type: 'thinking', thinking: 'Plan.\n\n</details>\n\n<script>alert(1)</script>', signature: 's' },
        { type: 'text', text: 'First answer' },
      ]),
      message('assistant', [
        { type: 'thinking', thinking: 'Sketch:\n\n```js\nlet open = true;', signature: 's' },
        { type: 'text', text: 'Second answer' },
      ]),
    ]);
    expect(html.match(/<details>/g)).toHaveLength(2);
    expect(html.match(/<\/details>/g)).toHaveLength(2);
    expect(html).not.toContain('<script');
    // Each answer comes after its thinking's details, not inside them or inside an unclosed fence.
    expect(html.indexOf('<p>First answer</p>')).toBeGreaterThan(html.indexOf('</details>'));
    expect(html.lastIndexOf('</details>')).toBeLessThan(html.indexOf('<p>Second answer</p>'));
  });

  it('makes a title, a tool name and a failure inert too', () => {
    const html = rendered(
      [
        message('assistant', [{ type: 'tool_use', id: 't1', name: '<img src=x onerror=alert(1)>', input: {} }]),
        { ...message('assistant', []), message: { role: 'assistant', content: [], errorMessage: '<iframe src="javascript:alert(2)">' } } as SessionEntry,
      ],
      '<svg onload=alert(3)>',
    );
    expect(html).not.toMatch(/<img|<iframe|<svg/);
  });
});

describe('Markdown export: model changes', () => {
  const change = (model: string): SessionEntry => ({ type: 'model_change', id: `e${++n}`, parentId: null, timestamp: header.timestamp, model });
  const text = (role: 'user' | 'assistant', words: string, purpose?: 'handoff'): SessionEntry => {
    const entry = message(role, [{ type: 'text', text: words }]);
    return entry.type === 'message' && purpose ? { ...entry, message: { ...entry.message, purpose } } : entry;
  };
  const notes = (branch: SessionEntry[]) => sessionMarkdown({ header, title: 'Export', branch }).split('\n').filter((line) => line.includes('Model changed'));

  it('tells no change for the model a session started with, nor for a handoff written by the handoff model', () => {
    expect(
      notes([
        change('claude-start'),
        text('user', 'Hello'),
        text('assistant', 'Hi'),
        change('claude-handoff'),
        text('user', 'This session is being handed off', 'handoff'),
        text('assistant', '## Goal\nOn', 'handoff'),
        change('claude-start'),
        text('user', 'Carry on'),
        text('assistant', 'Carrying on'),
      ]),
    ).toEqual([]);
  });

  it('tells a model the user switched to once, before the first message sent with it, as the chat does', () => {
    const markdown = sessionMarkdown({
      header,
      title: 'Export',
      branch: [change('claude-start'), text('user', 'Hello'), text('assistant', 'Hi'), change('claude-other'), text('user', 'With the other model')],
    });
    const lines = markdown.split('\n\n');
    expect(lines.filter((line) => line.includes('Model changed'))).toEqual(['_Model changed to claude-other_']);
    expect(lines[lines.indexOf('_Model changed to claude-other_') + 1]).toMatch(/^## You/);
  });

  it('names the model as the pickers do: by the catalog given, else by the built-in names', () => {
    const branch = [change('claude-start'), text('user', 'Hello'), change('claude-haiku-5-5'), text('user', 'Quick one')];
    expect(notes(branch)).toEqual(['_Model changed to Claude Haiku 5.5_']);
    const named = sessionMarkdown({ header, title: 'Export', branch, modelName: (id) => `Listed ${id}` });
    expect(named.split('\n').filter((line) => line.includes('Model changed'))).toEqual(['_Model changed to Listed claude-haiku-5-5_']);
  });
});
