// sessions.*: the history sidebar and the open session (SPEC §2, §5).
import { BatonError } from '../errors';
import type { Handlers } from '../ipc/dispatcher';
import type { CoreContext } from './context';

type SessionChannel = 'sessions.list' | 'sessions.current' | 'sessions.open' | 'sessions.new' | 'sessions.entries' | 'sessions.rename' | 'sessions.delete';

export function sessionsHandlers({ agent, store, sessions }: CoreContext): Pick<Handlers, SessionChannel> {
  const ok = { ok: true as const };
  return {
    'sessions.list': ({ query }) => store.list(query),
    'sessions.current': () => sessions.view(),
    'sessions.open': ({ id }) => sessions.open(id),
    'sessions.new': () => sessions.create(),
    'sessions.entries': ({ id, end, limit }) => {
      if (id !== agent.sessionId) throw new BatonError('not_found', 'That session is not open');
      const all = agent.sessionManager.getEntries();
      const stop = Math.min(end, all.length);
      const start = Math.max(0, stop - limit);
      return { entries: all.slice(start, stop), start };
    },
    'sessions.rename': ({ id, title }) => {
      sessions.rename(id, title);
      return ok;
    },
    'sessions.delete': ({ id }) => {
      sessions.delete(id);
      return ok;
    },
  };
}
