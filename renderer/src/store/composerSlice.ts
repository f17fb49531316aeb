// The composer: its text, the files attached to it, the slash commands it offers, what submitting does,
// and the messages it queued while a reply streams. `/handoff` and `/new` are intercepted here, before
// anything is sent or queued (SPEC §4.1 step 1).
import type { AttachmentMediaType } from '../../../shared/attachments';
import { MAX_TEXT_CHARS, type QueueName } from '../../../shared/contract';
import { normalizeCommand, parseSlash, type SlashCommand } from '../lib/slashCommands';
import { uiTexts } from '../texts';
import { uploadFile } from './attachmentUpload';
import { callApi, tryCall } from './call';
import { shownSessionId } from './selectors';
import type { SliceCreator } from './types';

export type SendMode = 'steer' | 'followUp';

/** A file attached to the message being written: a chip until the message is sent (SPEC §5). */
export interface ComposerFile {
  key: number;
  name: string;
  size: number;
  /** An object URL of the file itself, for an image's thumbnail. */
  previewUrl?: string;
  /** Known once the core has checked the file; until then it is uploading. */
  mediaType?: AttachmentMediaType;
  /** The core's id for it, once uploaded. */
  id?: string;
}

export interface ComposerSlice {
  composer: { text: string; commands: SlashCommand[]; files: ComposerFile[] };
  setComposerText: (text: string) => void;
  loadCommands: () => Promise<void>;
  /** Attaches files (picked, pasted or dropped): each shows as a chip at once and uploads; a refused one goes with an error. */
  attachFiles: (files: readonly File[]) => Promise<void>;
  removeFile: (key: number) => void;
  /** Sends the text and the attached files, or queues the text while a reply streams (`mode` says how). */
  submitComposer: (mode?: SendMode) => Promise<void>;
  /** Stops the streaming reply; its partial text is kept, marked stopped. */
  stopRun: () => Promise<void>;
  /** Changes a queued message that still says `text` to `newText`, or removes it (`newText` undefined). */
  changeQueued: (queue: QueueName, index: number, text: string, newText?: string) => Promise<void>;
}

let nextKey = 1;

/** Browsers give no object URLs in some test environments; a chip then shows no thumbnail. */
function previewOf(file: File): string | undefined {
  return file.type.startsWith('image/') && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : undefined;
}

function release(file: ComposerFile): void {
  if (file.previewUrl) URL.revokeObjectURL(file.previewUrl);
}

export const createComposerSlice: SliceCreator<ComposerSlice> = (set, get, deps) => {
  const setText = (text: string) => set((s) => ({ composer: { ...s.composer, text } }));
  const setFiles = (change: (files: ComposerFile[]) => ComposerFile[]) => set((s) => ({ composer: { ...s.composer, files: change(s.composer.files) } }));
  const drop = (key: number) =>
    setFiles((files) => {
      const gone = files.find((f) => f.key === key);
      if (gone) release(gone);
      return files.filter((f) => f.key !== key);
    });
  /** Uploads go one after another, so each is checked against the files before it. */
  let uploads: Promise<void> = Promise.resolve();

  const upload = async (key: number, file: File) => {
    const others = get().composer.files.flatMap((f) => (f.id ? [f.id] : []));
    const result = await uploadFile(deps, shownSessionId(get()), file, others);
    const chip = get().composer.files.find((f) => f.key === key);
    if (!result.ok) {
      drop(key);
      get().reportError(result.error);
      return;
    }
    // Removed while it was uploading: the core lets go of it too.
    if (!chip) return void tryCall(deps, 'attachments.discard', { id: result.data.id });
    const { id, mediaType } = result.data;
    setFiles((files) => files.map((f) => (f.key === key ? { ...f, id, mediaType } : f)));
  };

  /** Sends the text with the files uploaded for it (`ids`); a failure keeps both and offers Retry. */
  const send = async (typed: string, mode: SendMode, ids: string[]): Promise<void> => {
    const text = typed.trim();
    const sessionId = shownSessionId(get());
    const result = await tryCall(deps, 'chat.send', ids.length > 0 ? { sessionId, text, mode, attachments: ids } : { sessionId, text, mode });
    if (result.ok) {
      const sent = new Set(ids);
      for (const file of get().composer.files) if (file.id && sent.has(file.id)) release(file);
      setFiles((current) => current.filter((f) => !f.id || !sent.has(f.id)));
      return;
    }
    get().reportError(result.error, () => {
      // Retry sends it again; the box is emptied if it still holds the text that came back.
      if (get().composer.text === typed) setText('');
      return send(typed, mode, ids);
    });
    // Nothing typed is lost: the text comes back unless the user has started a new one; the files stay.
    if (!get().composer.text) setText(typed);
  };

  return {
    composer: { text: '', commands: [], files: [] },

    setComposerText: setText,

    async loadCommands() {
      const commands = await callApi(deps, get, 'chat.commands', {});
      if (commands) set((s) => ({ composer: { ...s.composer, commands: commands.map(normalizeCommand) } }));
    },

    attachFiles(files) {
      const chips = files.map((file) => ({ file, chip: { key: nextKey++, name: file.name, size: file.size, previewUrl: previewOf(file) } }));
      setFiles((current) => [...current, ...chips.map((c) => c.chip)]);
      for (const { file, chip } of chips) uploads = uploads.then(() => upload(chip.key, file));
      return uploads;
    },

    removeFile(key) {
      const id = get().composer.files.find((f) => f.key === key)?.id;
      drop(key);
      if (id) void tryCall(deps, 'attachments.discard', { id });
    },

    async submitComposer(mode = 'steer') {
      const typed = get().composer.text;
      const text = typed.trim();
      const hasFiles = get().composer.files.length > 0;
      if (!text && !hasFiles) return;
      // Refused here, before anything is sent, and the text stays in the box to be shortened.
      if (text.length > MAX_TEXT_CHARS) return get().notify('error', uiTexts.messageTooLong(text.length, MAX_TEXT_CHARS));
      const slash = parseSlash(text);
      if (slash?.name === 'handoff') {
        // Typed, it starts generating at once, as in the reference (the button and shortcut ask first).
        // Refused (this session's reply streams, nothing to hand off yet), the command stays in the box
        // with its focus, to be sent again once the notice's reason is gone.
        if (get().requestHandoff({ focus: slash.args, generate: true })) setText('');
        return;
      }
      if (slash?.name === 'new' && !slash.args) {
        setText('');
        await get().newSession();
        return;
      }
      // Enter right after a paste: the message waits for its files. One refused on the way stops it,
      // so nothing goes without a file the user meant to send.
      const before = get().composer.files.length;
      await uploads;
      const files = get().composer.files;
      if (files.length < before || (files.length === 0 && !text)) return;
      const ids = files.flatMap((f) => (f.id ? [f.id] : []));
      setText('');
      await send(typed, mode, ids);
    },

    async stopRun() {
      await callApi(deps, get, 'chat.stop', { sessionId: shownSessionId(get()) });
    },

    async changeQueued(queue, index, text, newText) {
      // The queue_changed event that follows shows the result.
      const sessionId = shownSessionId(get());
      if (newText === undefined) await callApi(deps, get, 'chat.queue.remove', { sessionId, queue, index, text });
      else await callApi(deps, get, 'chat.queue.edit', { sessionId, queue, index, text, newText });
    },
  };
};
