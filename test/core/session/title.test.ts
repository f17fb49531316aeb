// Sidebar titles from the first user message: collapsed, cut near 60 characters on a word, with "…".
import { describe, expect, it } from 'vitest';
import { shortenTitle, userText } from '../../../electron/core/session/title';

describe('shortenTitle', () => {
  it('keeps short text, collapsing whitespace', () => {
    expect(shortenTitle('  Fix the\n\n  build\t please ')).toBe('Fix the build please');
  });

  it('cuts long text on a word boundary and adds an ellipsis', () => {
    const title = shortenTitle('Please refactor the session store so that every record is durable and readable after a crash');
    expect(title).toBe('Please refactor the session store so that every record is…');
    expect(Array.from(title).length).toBeLessThanOrEqual(60);
  });

  it('cuts inside a word when there is no space near the end', () => {
    const title = shortenTitle('x'.repeat(100));
    expect(title).toBe(`${'x'.repeat(59)}…`);
  });

  it('never splits an emoji or other astral character', () => {
    const title = shortenTitle('😀'.repeat(100));
    expect(title).toBe(`${'😀'.repeat(59)}…`);
    expect(Buffer.from(title, 'utf8').toString('utf8')).toBe(title); // no lone surrogate
  });
});

describe('userText', () => {
  it('joins the text blocks of a user message and ignores tool results and assistant messages', () => {
    expect(userText({ role: 'user', content: [{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }] })).toBe('a\nb');
    expect(userText({ role: 'user', content: [{ type: 'tool_result', tool_use_id: 't', content: 'r' }] })).toBeUndefined();
    expect(userText({ role: 'assistant', content: [{ type: 'text', text: 'a' }] })).toBeUndefined();
    expect(userText({ role: 'user', content: [{ type: 'text', text: '   ' }] })).toBeUndefined();
  });

  it('names the attached files of a message sent without text, and prefers the text when there is some', () => {
    const source = { type: 'base64' as const, data: 'AAAA' };
    const photo = { type: 'image' as const, source: { ...source, media_type: 'image/png' as const }, name: 'photo.png' };
    const scan = { type: 'document' as const, source: { ...source, media_type: 'application/pdf' as const }, name: 'scan.pdf' };
    expect(userText({ role: 'user', content: [photo, scan] })).toBe('photo.png, scan.pdf');
    expect(userText({ role: 'user', content: [photo, { type: 'text', text: 'What is this?' }] })).toBe('What is this?');
  });
});
