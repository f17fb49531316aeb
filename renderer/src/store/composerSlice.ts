// The composer: its text, the slash commands it offers, and what submitting does. `/handoff` and
// `/new` are intercepted here, before anything is sent or queued (SPEC §4.1 step 1).
import { MAX_TEXT_CHARS } from '../../../shared/contract';
import { normalizeCommand, parseSlash, type SlashCommand } from '../lib/slashCommands';
import { uiTexts } from '../texts';
import { callApi, tryCall } from './call';
import type { SliceCreator } from './types';

export type SendMode = 'steer' | 'followUp';

export interface ComposerSlice {
  composer: { text: string; commands: SlashCommand[] };
  setComposerText: (text: string) => void;
  loadCommands: () => Promise<void>;
  /** Sends the text, or queues it while a reply streams (`mode` says how). */
  submitComposer: (mode?: SendMode) => Promise<void>;
  /** Stops the streaming reply; its partial text is kept, marked stopped. */
  stopRun: () => Promise<void>;
}

export const createComposerSlice: SliceCreator<ComposerSlice> = (set, get, deps) => {
  const setText = (text: string) => set((s) => ({ composer: { ...s.composer, text } }));

  return {
    composer: { text: '', commands: [] },

    setComposerText: setText,

    async loadCommands() {
      const commands = await callApi(deps, get, 'chat.commands', {});
      if (commands) set((s) => ({ composer: { ...s.composer, commands: commands.map(normalizeCommand) } }));
    },

    async submitComposer(mode = 'steer') {
      const typed = get().composer.text;
      const text = typed.trim();
      if (!text) return;
      // Refused here, before anything is sent, and the text stays in the box to be shortened.
      if (text.length > MAX_TEXT_CHARS) return get().notify('error', uiTexts.messageTooLong(text.length, MAX_TEXT_CHARS));
      const slash = parseSlash(text);
      if (slash?.name === 'handoff') {
        setText('');
        // Typed, it starts generating at once, as in the reference (the button and shortcut ask first).
        get().requestHandoff({ focus: slash.args, generate: true });
        return;
      }
      if (slash?.name === 'new' && !slash.args) {
        setText('');
        await get().newSession();
        return;
      }
      setText('');
      const result = await tryCall(deps, 'chat.send', { text, mode });
      if (result.ok) return;
      get().reportError(result.error);
      // Nothing typed is lost: the text comes back unless the user has started a new one.
      if (!get().composer.text) setText(typed);
    },

    async stopRun() {
      await callApi(deps, get, 'chat.stop', {});
    },
  };
};
