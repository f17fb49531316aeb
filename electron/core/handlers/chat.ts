// chat.*: sending (or queueing while a reply streams), stopping, continuing a cut-off reply (SPEC §3).
import { join } from 'node:path';
import { texts } from '../../../shared/texts';
import type { RunHandle } from '../agent/AgentSession';
import { checkRequest } from '../attachments/attachmentLimits';
import { BatonError } from '../errors';
import type { Handlers } from '../ipc/dispatcher';
import { slashCommands } from '../slashCommands';
import type { CoreContext } from './context';

export function chatHandlers({ agent, provider, options, models, attachments, autoHandoff }: CoreContext): Pick<Handlers, 'chat.send' | 'chat.stop' | 'chat.continue' | 'chat.commands'> {
  /**
   * Fails fast, before anything is written, when there is no usable key; run errors arrive as `error`
   * events. When the run has ended, auto-handoff looks at how full the context is.
   */
  const run = async (start: () => Promise<RunHandle>) => {
    provider.get();
    void models.refreshIfStale();
    const handle = await start();
    handle.done.then((result) => autoHandoff.afterRun(result), () => {});
  };
  return {
    'chat.send': async ({ text, mode, attachments: ids = [] }) => {
      if (agent.isStreaming || agent.isGeneratingHandoff) {
        // Queued messages are text; files wait in the composer until the reply is done.
        if (ids.length > 0) throw new BatonError('busy', texts.attachmentWhileBusy);
        if (mode === 'followUp') agent.followUp(text);
        else agent.steer(text);
        return { queued: true };
      }
      // Every limit is checked before the prompt is saved: a refused file leaves nothing on disk.
      const files = attachments.ready(ids);
      checkRequest(agent.getMessages(), files.map((f) => f.facts), agent.contextWindowFor(agent.getModel()));
      await run(() => agent.start(text, files.length > 0 ? { attachments: files.map((f) => f.block) } : {}));
      attachments.remove(ids);
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
