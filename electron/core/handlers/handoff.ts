// handoff.*: each maps the pipeline's outcome to the result the renderer shows (SPEC §4). A handoff's
// failure is a result, never an error: the renderer words it as "Handoff failed: …". The handoff runs in
// its session: its result also goes to the views of that session (handoff_result), and when it hands off,
// the views that show the old session move to the new one; any other view stays where it is.
import type { HandoffResult } from '../../../shared/contract';
import type { Conversation } from '../conversations/Conversation';
import { HandoffError, type HandoffDone } from '../handoff/HandoffPipeline';
import type { Handlers } from '../ipc/dispatcher';
import { viewOf } from '../sessionView';
import { conversationOf, type CoreContext } from './context';

type HandoffChannel = 'handoff.start' | 'handoff.cancel' | 'handoff.commit' | 'handoff.discard';

export function handoffHandlers(ctx: CoreContext): Pick<Handlers, HandoffChannel> {
  const ok = { ok: true as const };
  return {
    'handoff.start': ({ sessionId, focus, review }) => startHandoff(ctx, conversationOf(ctx, sessionId), focus?.trim() || undefined, review ?? false),
    'handoff.commit': ({ sessionId, document, keep }) => {
      const conversation = conversationOf(ctx, sessionId);
      return outcome(ctx, conversation, async () => handedOff(ctx, conversation, await conversation.handoff.commit(document, keep)));
    },
    'handoff.discard': ({ sessionId }) => {
      ctx.conversations.get(sessionId)?.handoff.discard();
      return ok;
    },
    'handoff.cancel': ({ sessionId }) => {
      ctx.conversations.get(sessionId)?.handoff.abort();
      return ok;
    },
  };
}

/** Generates the document and hands off, or stops at review: handoff.start's answer, and auto-handoff's. */
export function startHandoff(ctx: CoreContext, conversation: Conversation, instructions: string | undefined, review: boolean): Promise<HandoffResult> {
  return outcome(ctx, conversation, async () => {
    ctx.provider.get();
    if (!review) return handedOff(ctx, conversation, await conversation.handoff.handoff(instructions));
    return { status: 'review', ...(await conversation.handoff.generate(instructions)) };
  });
}

function handedOff({ conversations, store }: CoreContext, conversation: Conversation, done: HandoffDone): HandoffResult {
  const { childSession: _child, childTitle: _title, ...result } = done;
  return { status: 'done', ...result, session: viewOf(conversations.openSession(done.childSession), store) };
}

/** The result, told to the session's views; a handed-off session's views then show the new one. */
async function outcome(ctx: CoreContext, conversation: Conversation, run: () => Promise<HandoffResult>): Promise<HandoffResult> {
  let result: HandoffResult;
  try {
    result = await run();
  } catch (err) {
    if (!(err instanceof HandoffError)) throw err;
    if (err.kind === 'cancelled') result = { status: 'cancelled' };
    else if (err.kind === 'failed') {
      result = {
        status: 'failed',
        message: err.message,
        ...(err.code && { code: err.code }),
        ...(err.hint !== undefined && { hint: err.hint }),
        ...(err.draft && { reviewAnyway: err.draft }),
      };
    }
    else result = { status: 'refused', message: err.message };
  }
  // A refused handoff never ran: only the view that asked needs to hear of it.
  if (result.status !== 'refused') conversation.agent.emit({ type: 'handoff_result', sessionId: conversation.id, result });
  if (result.status === 'done') {
    for (const view of ctx.views.of(conversation.id)) {
      view.show(result.session.header.id);
      view.send({ type: 'session_switched', session: result.session });
    }
  }
  return result;
}
