// The handoff calls (SPEC §4): each maps the agent's outcome to the result the renderer shows.
import type { HandoffResult, SessionView } from '../../shared/contract';
import type { AgentSession } from './agent/AgentSession';
import type { Handlers } from './ipc/dispatcher';

interface Deps {
  /** Indexes the session the agent is now in and tells the UI; returns its view. */
  announceSwitch: () => SessionView;
  requireProvider: () => unknown;
}

type HandoffHandlers = Pick<Handlers, 'handoff.start' | 'handoff.cancel' | 'handoff.commit' | 'handoff.discard'>;

export function handoffHandlers(agent: AgentSession, deps: Deps): HandoffHandlers {
  const switched = (done: Awaited<ReturnType<AgentSession['commitHandoff']>>): HandoffResult => ({
    status: 'done',
    ...done,
    session: deps.announceSwitch(),
  });

  return {
    'handoff.start': ({ focus, review }) =>
      outcome(async () => {
        deps.requireProvider();
        const instructions = focus?.trim() || undefined;
        if (!review) return switched(await agent.handoff(instructions));
        const draft = await agent.generateHandoff(instructions);
        return { status: 'review', ...draft };
      }),
    'handoff.commit': ({ document }) => outcome(async () => switched(await agent.commitHandoff(document))),
    'handoff.discard': () => {
      agent.discardHandoff();
      return { ok: true as const };
    },
    'handoff.cancel': () => {
      agent.abortHandoff();
      return { ok: true as const };
    },
  };
}

/** The agent throws HandoffError with a kind; the renderer gets a result, never an exception. */
async function outcome(run: () => Promise<HandoffResult>): Promise<HandoffResult> {
  try {
    return await run();
  } catch (err) {
    const kind = (err as { kind?: string }).kind;
    const message = (err as Error).message;
    if (kind === 'cancelled') return { status: 'cancelled' };
    if (kind === 'nothing' || kind === 'busy') return { status: 'refused', message };
    if (kind === 'failed') return { status: 'failed', message };
    throw err;
  }
}
