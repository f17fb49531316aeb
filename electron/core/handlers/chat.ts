// chat.*: sending (or queueing while a reply streams), stopping, continuing a cut-off reply (SPEC §3).
import { join } from 'node:path';
import type { RunHandle } from '../agent/AgentSession';
import type { Handlers } from '../ipc/dispatcher';
import { slashCommands } from '../slashCommands';
import type { CoreContext } from './context';

export function chatHandlers({ agent, provider, options, models }: CoreContext): Pick<Handlers, 'chat.send' | 'chat.stop' | 'chat.continue' | 'chat.commands'> {
  /** Fails fast, before anything is written, when there is no usable key; run errors arrive as `error` events. */
  const run = async (start: () => Promise<RunHandle>) => {
    provider.get();
    void models.refreshIfStale();
    const handle = await start();
    void handle.done.catch(() => {});
  };
  return {
    'chat.send': async ({ text, mode }) => {
      if (agent.isStreaming || agent.isGeneratingHandoff) {
        if (mode === 'followUp') agent.followUp(text);
        else agent.steer(text);
        return { queued: true };
      }
      await run(() => agent.start(text));
      return { queued: false };
    },
    'chat.stop': () => {
      agent.abort();
      return { ok: true as const };
    },
    'chat.continue': async () => {
      await run(() => agent.continueReply());
      return { ok: true as const };
    },
    'chat.commands': () => slashCommands(join(options.dataDir, 'prompts')),
  };
}
