// What a model gets from an MCP result: text as text, pictures the API takes as images, and a line of
// text for everything else — never an image the API would refuse (that would fail every later request).
import { describe, expect, it } from 'vitest';
import { toolOutputOf } from '../../../../electron/core/tools/mcp/mcpContent';

/** A 1×1 PNG. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const BMP = Buffer.from('424d1e000000000000001a0000000c000000010001000100180000ff00', 'hex').toString('base64');

describe('toolOutputOf', () => {
  it('joins text parts into one text, and marks an error result', () => {
    expect(toolOutputOf({ content: [{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }], isError: true }, 'srv-t')).toEqual({ content: 'a\nb', isError: true });
  });

  it('keeps a real picture as an image, named, with the type its bytes say', () => {
    const out = toolOutputOf({ content: [{ type: 'image', data: PNG, mimeType: 'image/jpeg' }] }, 'srv-shot');
    expect(out.content).toEqual([{ type: 'image', name: 'srv-shot-1.png', source: { type: 'base64', media_type: 'image/png', data: PNG } }]);
  });

  it('leaves out images the API would refuse, saying why', () => {
    const out = toolOutputOf(
      {
        content: [
          { type: 'image', data: BMP, mimeType: 'image/png' },
          { type: 'image', data: 'not base64!', mimeType: 'image/png' },
        ],
      },
      'srv-t',
    );
    expect(out.content).toBe('[image left out: not a PNG, JPEG, GIF or WebP picture]\n[image left out: its data is not base64]');
  });

  it('says what audio, links and resources were; keeps a text resource\'s text', () => {
    const out = toolOutputOf(
      {
        content: [
          { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' },
          { type: 'resource_link', uri: 'file:///a.txt', name: 'a.txt', description: 'notes' },
          { type: 'resource', resource: { uri: 'file:///b.txt', text: 'hello' } },
          { type: 'resource', resource: { uri: 'file:///c.bin', blob: 'AAAA', mimeType: 'application/zip' } },
        ],
      },
      'srv-t',
    );
    expect(out.content).toBe(
      [
        '[audio (audio/wav) left out: the model cannot hear it]',
        '[resource: a.txt <file:///a.txt> — notes]',
        '[resource <file:///b.txt>]\nhello',
        '[resource <file:///c.bin> (application/zip) left out]',
      ].join('\n'),
    );
  });

  it('gives structured content as JSON when there is nothing else', () => {
    expect(toolOutputOf({ content: [], structuredContent: { temperature: 21 } }, 'srv-t')).toEqual({ content: '{"temperature":21}' });
  });
});
