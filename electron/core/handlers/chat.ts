// chat.*: sending (or queueing while a reply streams), stopping, continuing a cut-off reply (SPEC §3);
// editing a message and regenerating a reply (new branches, SPEC §5); changing what waits in the queues.
import { join } from 'node:path';
import { texts } from '../../../shared/texts';
import type { RunHandle } from '../agent/AgentSession';
import { checkRequest } from '../attachments/attachmentLimits';
import { BatonError } from '../errors';
import type { Handlers } from '../ipc/dispatcher';
import { slashCommands } from '../slashCommands';
import type { CoreContext } from './context';

type ChatChannel =
  | 'chat.send'
  | 'chat.stop'
  | 'chat.continue'
  | 'chat.edit'
  | 'chat.regenerate'
  | 'chat.queue.edit'
  | 'chat.queue.remove'
  | 'chat.commands';

export function chatHandlers({ agent, provider, options, models, attachments, autoHandoff }: CoreContext): Pick<Handlers, ChatChannel> {
  const ok = { ok: true as const };
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
      const files = attachments.ready(ids, (facts) => checkRequest(agent.getMessages(), facts, agent.contextWindowFor(agent.getModel())));
      await run(() => agent.start(text, files.length > 0 ? { attachments: files.map((f) => f.block) } : {}));
      attachments.remove(ids);
      return { queued: false };
    },
    'chat.stop': () => {
      agent.abort();
      return ok;
    },
    'chat.continue': async () => {
      await run(() => agent.continueReply());
      return ok;
    },
    'chat.edit': async ({ entryId, text }) => {
      await run(() => agent.edit(entryId, text));
      return ok;
    },
    'chat.regenerate': async ({ entryId }) => {
      await run(() => agent.regenerate(entryId));
      return ok;
    },
    'chat.queue.edit': ({ queue, index, text, newText }) => {
      agent.changeQueued(queue, index, text, newText);
      return ok;
    },
    'chat.queue.remove': ({ queue, index, text }) => {
      agent.changeQueued(queue, index, text);
      return ok;
    },
    'chat.commands': () => slashCommands(join(options.dataDir, 'prompts')),
  };
}
