// chat.*: sending (or queueing while a reply streams), stopping, continuing a cut-off reply (SPEC §3);
// editing a message and regenerating a reply (new branches, SPEC §5); changing what waits in the queues.
// Each names its session; a run belongs to that session, whatever the views show meanwhile.
import { join } from 'node:path';
import { texts } from '../../../shared/texts';
import type { RunHandle } from '../agent/AgentSession';
import { checkRequest } from '../attachments/attachmentLimits';
import type { Conversation } from '../conversations/Conversation';
import { BatonError } from '../errors';
import type { Handlers } from '../ipc/dispatcher';
import { slashCommands } from '../slashCommands';
import { conversationOf, type ViewContext } from './context';

type ChatChannel =
  | 'chat.send'
  | 'chat.stop'
  | 'chat.continue'
  | 'chat.edit'
  | 'chat.regenerate'
  | 'chat.queue.edit'
  | 'chat.queue.remove'
  | 'chat.commands';

export function chatHandlers(ctx: ViewContext): Pick<Handlers, ChatChannel> {
  const { provider, options, models, attachments } = ctx;
  const ok = { ok: true as const };
  /**
   * Fails fast, before anything is written, when there is no usable key; run errors arrive as `error`
   * events. When the run has ended, auto-handoff (or the handoff prepared in advance) looks at how full
   * the context is.
   */
  const run = async (conversation: Conversation, start: () => Promise<RunHandle>) => {
    provider.get();
    void models.refreshIfStale();
    const handle = await start();
    handle.done.then((result) => conversation.afterRun(result), () => {});
  };
  /** A conversation that may start a run: none while its handoff is being written. */
  const runnable = (sessionId: string) => {
    const conversation = conversationOf(ctx, sessionId);
    // The message would land in the session being handed off, after the document was asked for.
    if (conversation.handoff.isGenerating) throw new BatonError('busy', texts.sendDuringHandoff);
    return conversation;
  };
  return {
    'chat.send': async ({ sessionId, text, mode, attachments: ids = [] }) => {
      const conversation = runnable(sessionId);
      const { agent } = conversation;
      if (agent.isStreaming) {
        // Queued messages are text; files wait in the composer until the reply is done.
        if (ids.length > 0) throw new BatonError('busy', texts.attachmentWhileBusy);
        if (mode === 'followUp') agent.followUp(text);
        else agent.steer(text);
        return { queued: true };
      }
      // Every limit is checked before the prompt is saved: a refused file leaves nothing on disk.
      const files = attachments.ready(ids, (facts) => checkRequest(agent.getMessages(), facts, agent.contextWindowFor(agent.getModel())));
      await run(conversation, () => agent.start(text, files.length > 0 ? { attachments: files.map((f) => f.block) } : {}));
      attachments.remove(ids);
      return { queued: false };
    },
    'chat.stop': ({ sessionId }) => {
      const conversation = ctx.conversations.get(sessionId);
      conversation?.agent.abort();
      conversation?.handoff.dropPrepared();
      return ok;
    },
    'chat.continue': async ({ sessionId }) => {
      const conversation = runnable(sessionId);
      await run(conversation, () => conversation.agent.continueReply());
      return ok;
    },
    'chat.edit': async ({ sessionId, entryId, text }) => {
      const conversation = runnable(sessionId);
      await run(conversation, () => conversation.agent.edit(entryId, text));
      return ok;
    },
    'chat.regenerate': async ({ sessionId, entryId }) => {
      const conversation = runnable(sessionId);
      await run(conversation, () => conversation.agent.regenerate(entryId));
      return ok;
    },
    'chat.queue.edit': ({ sessionId, queue, index, text, newText }) => {
      conversationOf(ctx, sessionId).agent.changeQueued(queue, index, text, newText);
      return ok;
    },
    'chat.queue.remove': ({ sessionId, queue, index, text }) => {
      conversationOf(ctx, sessionId).agent.changeQueued(queue, index, text);
      return ok;
    },
    'chat.commands': () => slashCommands(join(options.dataDir, 'prompts')),
  };
}
