// @vitest-environment happy-dom
// Attachments in the composer: each file uploads in pieces and shows as a chip with Remove <name>; the
// message names the uploaded ids; a refused file goes with its error, and nothing else is lost.
import { afterEach, describe, expect, it } from 'vitest';
import { UPLOAD_CHUNK_BYTES, UPLOAD_FIRST_PIECE_BYTES } from '../../shared/attachments';
import type { CallInput } from '../../shared/contract';
import { texts } from '../../shared/texts';
import { Composer } from '../../renderer/src/components/composer/Composer';
import { uiTexts } from '../../renderer/src/texts';
import { MessageView } from '../../renderer/src/components/chat/MessageView';
import { buttonNamed, byLabel, click, key, render, setup, step, type, type Handlers, type Rendered } from './harness';

let view: Rendered | undefined;
afterEach(() => view?.unmount());

/** A core that takes every file, recording the pieces it was sent. */
function acceptingCore(): { handlers: Handlers; received: Map<string, string[]> } {
  const received = new Map<string, string[]>();
  const names = new Map<string, string>();
  let n = 0;
  const handlers: Handlers = {
    'attachments.begin': ({ name, data }) => {
      const id = `att-${++n}`;
      received.set(id, [data]);
      names.set(id, name);
      return { id };
    },
    'attachments.append': ({ id, data }) => {
      received.get(id)!.push(data);
      return { ok: true };
    },
    'attachments.finish': ({ id }) => {
      const bytes = Buffer.concat(received.get(id)!.map((piece) => Buffer.from(piece, 'base64')));
      const name = names.get(id)!;
      return { id, name, mediaType: name.endsWith('.pdf') ? 'application/pdf' : 'image/png', size: bytes.length };
    },
    'attachments.discard': () => ({ ok: true }),
  };
  return { handlers, received };
}

async function composer(handlers: Handlers) {
  const ctx = await setup(handlers);
  view = await render(<Composer />, ctx.store);
  const box = byLabel(view.container, 'Message') as HTMLTextAreaElement;
  return { ...ctx, box, container: view.container };
}

const file = (name: string, bytes: Uint8Array<ArrayBuffer> | string, type = '') => new File([bytes], name, { type });

describe('composer attachments', () => {
  it('uploads a file in pieces (a small first one, for an early refusal), shows its chip, and sends the message with its id', async () => {
    const core = acceptingCore();
    const { box, container, fake, store } = await composer(core.handlers);
    const bytes = new Uint8Array(UPLOAD_CHUNK_BYTES + 10).map((_, i) => i % 251);
    await step(() => store.getState().attachFiles([file('manual.pdf', bytes, 'application/pdf')]));

    expect(core.received.get('att-1')?.map((piece) => Buffer.from(piece, 'base64').length)).toEqual([UPLOAD_FIRST_PIECE_BYTES, UPLOAD_CHUNK_BYTES + 10 - UPLOAD_FIRST_PIECE_BYTES]);
    expect(Buffer.concat(core.received.get('att-1')!.map((p) => Buffer.from(p, 'base64'))).equals(bytes)).toBe(true);
    expect(buttonNamed(container, 'Remove manual.pdf')).not.toBeNull();
    expect(container.textContent).toContain('3 MB');

    await type(box, 'Read this');
    await key(box, 'Enter');
    expect(fake.callsTo('chat.send')).toEqual([{ sessionId: 's1', text: 'Read this', mode: 'steer', attachments: ['att-1'] }]);
    expect(buttonNamed(container, 'Remove manual.pdf')).toBeNull();
    expect(box.value).toBe('');
  });

  it('sends files without text', async () => {
    const { container, fake, store } = await composer(acceptingCore().handlers);
    await step(() => store.getState().attachFiles([file('a.png', 'png bytes', 'image/png')]));
    await click(buttonNamed(container, 'Send'));
    expect(fake.callsTo('chat.send')).toEqual([{ sessionId: 's1', text: '', mode: 'steer', attachments: ['att-1'] }]);
  });

  it('refuses a file with its error in the alert region; the typed text and the other chips stay', async () => {
    const core = acceptingCore();
    const refusing: Handlers = {
      ...core.handlers,
      'attachments.begin': (input: CallInput<'attachments.begin'>) =>
        input.name === 'photo.bmp' ? { ok: false, error: { code: 'invalid_input', message: texts.attachmentType('photo.bmp') } } : core.handlers['attachments.begin']!(input),
    };
    const { box, container, store } = await composer(refusing);
    await type(box, 'Compare these');
    await step(() => store.getState().attachFiles([file('chart.png', 'png bytes', 'image/png'), file('photo.bmp', 'BM bytes', 'image/bmp')]));

    expect(store.getState().notices.map((n) => [n.kind, n.text])).toEqual([['error', texts.attachmentType('photo.bmp')]]);
    expect(buttonNamed(container, 'Remove chart.png')).not.toBeNull();
    expect(buttonNamed(container, 'Remove photo.bmp')).toBeNull();
    expect(box.value).toBe('Compare these');
  });

  it('Remove <name> takes the chip off and lets the core drop the file', async () => {
    const { container, fake, store } = await composer(acceptingCore().handlers);
    await step(() => store.getState().attachFiles([file('a.png', 'aaa', 'image/png'), file('b.png', 'bbb', 'image/png')]));
    await click(buttonNamed(container, 'Remove a.png'));
    expect(fake.callsTo('attachments.discard')).toEqual([{ id: 'att-1' }]);
    expect(store.getState().composer.files.map((f) => f.name)).toEqual(['b.png']);
  });

  it('a message that cannot be sent keeps its text and its files', async () => {
    const { box, container, store } = await composer({
      ...acceptingCore().handlers,
      'chat.send': () => ({ ok: false, error: { code: 'busy', message: texts.attachmentWhileBusy } }),
    });
    await step(() => store.getState().attachFiles([file('a.png', 'aaa', 'image/png')]));
    await type(box, 'Look');
    await key(box, 'Enter');
    expect(store.getState().notices.at(-1)?.text).toBe(texts.attachmentWhileBusy);
    expect(box.value).toBe('Look');
    expect(buttonNamed(container, 'Remove a.png')).not.toBeNull();
  });

  it('a file that cannot be read goes with an error, and the files after it still upload', async () => {
    const { container, store } = await composer(acceptingCore().handlers);
    const vanished = Object.assign(file('moved.png', 'gone', 'image/png'), {
      slice: () => {
        throw new Error('NotReadableError');
      },
    });
    await step(() => store.getState().attachFiles([vanished, file('here.png', 'still here', 'image/png')]));
    expect(store.getState().notices.at(-1)?.text).toBe(uiTexts.fileUnreadable('moved.png'));
    expect(buttonNamed(container, 'Remove moved.png')).toBeNull();
    expect(store.getState().composer.files.map((f) => [f.name, f.id])).toEqual([['here.png', 'att-1']]);
  });

  it('an empty file is refused without a call', async () => {
    const { fake, store } = await composer(acceptingCore().handlers);
    await step(() => store.getState().attachFiles([file('empty.png', '', 'image/png')]));
    expect(fake.callsTo('attachments.begin')).toHaveLength(0);
    expect(store.getState().notices.at(-1)?.text).toBe(texts.attachmentType('empty.png'));
  });
});

describe('sent attachments', () => {
  it('show images as thumbnails from the message and PDFs as a chip with name and size', async () => {
    const { store } = await setup();
    const data = Buffer.from('not really a png').toString('base64');
    const pdfData = Buffer.alloc(2048).toString('base64');
    view = await render(
      <MessageView
        itemKey="m1"
        message={{
          role: 'user',
          content: [
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data }, name: 'chart.png' },
            { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: pdfData }, name: 'report.pdf' },
            { type: 'text', text: 'What do these say?' },
          ],
        }}
      />,
      store,
    );
    const img = view.container.querySelector('img');
    expect(img?.getAttribute('alt')).toBe('chart.png');
    expect(img?.getAttribute('src')).toBe(`data:image/png;base64,${data}`);
    expect(view.container.textContent).toContain('report.pdf');
    expect(view.container.textContent).toContain('2 KB');
    expect(view.container.textContent).toContain('What do these say?');
  });
});
