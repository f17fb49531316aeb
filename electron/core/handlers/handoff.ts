// handoff.*: each maps the pipeline's outcome to the result the renderer shows (SPEC §4). A handoff's
// failure is a result, never an error: the renderer words it as "Handoff failed: …".
import type { HandoffResult } from '../../../shared/contract';
import { HandoffError, type HandoffDone } from '../handoff/HandoffPipeline';
import type { Handlers } from '../ipc/dispatcher';
import type { CoreContext } from './context';

type HandoffChannel = 'handoff.start' | 'handoff.cancel' | 'handoff.commit' | 'handoff.discard';

export function handoffHandlers({ agent, sessions, provider }: CoreContext): Pick<Handlers, HandoffChannel> {
  const switched = (done: HandoffDone): HandoffResult => ({ status: 'done', ...done, session: sessions.announce() });
  const ok = { ok: true as const };
  return {
    'handoff.start': ({ focus, review }) =>
      outcome(async () => {
        provider.get();
        const instructions = focus?.trim() || undefined;
        if (!review) return switched(await agent.handoff(instructions));
        return { status: 'review', ...(await agent.generateHandoff(instructions)) };
      }),
    'handoff.commit': ({ document }) => outcome(async () => switched(await agent.commitHandoff(document))),
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
