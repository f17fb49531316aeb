// handoff.*: each maps the pipeline's outcome to the result the renderer shows (SPEC §4). A handoff's
// failure is a result, never an error: the renderer words it as "Handoff failed: …". Auto-handoff starts
// its handoff the same way.
import type { HandoffResult } from '../../../shared/contract';
import { HandoffError, type HandoffDone } from '../handoff/HandoffPipeline';
import type { Handlers } from '../ipc/dispatcher';
import type { SessionNavigator } from '../SessionNavigator';
import type { CoreContext } from './context';

type HandoffChannel = 'handoff.start' | 'handoff.cancel' | 'handoff.commit' | 'handoff.discard';

export function handoffHandlers(ctx: CoreContext): Pick<Handlers, HandoffChannel> {
  const { agent, sessions } = ctx;
  const ok = { ok: true as const };
  return {
    'handoff.start': ({ focus, review }) => startHandoff(ctx, focus?.trim() || undefined, review ?? false),
    'handoff.commit': ({ document }) => outcome(async () => switched(sessions, await agent.commitHandoff(document))),
    'handoff.discard': () => {
      agent.discardHandoff();
      return ok;
    },
    'handoff.cancel': () => {
      agent.abortHandoff();
      return ok;
    },
  };
}

/** Generates the document and hands off, or stops at review: handoff.start's answer, and auto-handoff's. */
export function startHandoff({ agent, sessions, provider }: CoreContext, instructions: string | undefined, review: boolean): Promise<HandoffResult> {
  return outcome(async () => {
    provider.get();
    if (!review) return switched(sessions, await agent.handoff(instructions));
    return { status: 'review', ...(await agent.generateHandoff(instructions)) };
  });
}

function switched(sessions: SessionNavigator, done: HandoffDone): HandoffResult {
  return { status: 'done', ...done, session: sessions.announce() };
}

async function outcome(run: () => Promise<HandoffResult>): Promise<HandoffResult> {
  try {
    return await run();
  } catch (err) {
    if (!(err instanceof HandoffError)) throw err;
    if (err.kind === 'cancelled') return { status: 'cancelled' };
    if (err.kind === 'failed') return { status: 'failed', message: err.message };
    return { status: 'refused', message: err.message };
  }
}
