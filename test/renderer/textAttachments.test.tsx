// @vitest-environment happy-dom
// A text file as the chat and the composer show it (SPEC §5 "Attachments"): a chip with its kind, name
// and size, in the sent message and before sending.
import { afterEach, describe, expect, it } from 'vitest';
import { MessageAttachments } from '../../renderer/src/components/chat/MessageAttachments';
import { AttachmentChip } from '../../renderer/src/components/composer/AttachmentChip';
import { render, setup, type Rendered } from './harness';

let view: Rendered | undefined;
afterEach(() => view?.unmount());

describe('a text file', () => {
  it('in a sent message: a chip with TXT, its name and its size in bytes of UTF-8', async () => {
    const { store } = await setup();
    const data = 'city,temperature\nKyōto,8\n';
    view = await render(<MessageAttachments blocks={[{ type: 'document', source: { type: 'text', media_type: 'text/plain', data }, name: 'weather.csv' }]} />, store);
    const chip = view.container.querySelector('.attachment-chip')!;
    expect(chip.querySelector('.attachment-kind')?.textContent).toBe('TXT');
    expect(chip.querySelector('.attachment-name')?.textContent).toBe('weather.csv');
    expect(chip.querySelector('.attachment-size')?.textContent).toBe('26 bytes');
  });

  it('before sending: a chip with TXT once the core has told its type', async () => {
    const { store } = await setup();
    view = await render(<AttachmentChip file={{ key: 1, name: 'notes.md', size: 2048, id: 'a1', mediaType: 'text/plain' }} onRemove={() => {}} />, store);
    expect(view.container.querySelector('.attachment-kind')?.textContent).toBe('TXT');
    expect(view.container.querySelector('.attachment-size')?.textContent).toBe('2 KB');
    expect(view.container.querySelector('button')?.getAttribute('aria-label')).toBe('Remove notes.md');
  });
});
