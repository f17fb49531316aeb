// A search that hits thousands of sessions by their messages picks the best message (and a snippet) only
// for the first page of results, which the sidebar shows; a result past it is marked as a message match
// and names its message when it is opened (sessions.match), as the first page's would have.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MATCH_PAGE } from '../../../electron/core/search/searchSessions';
import { SessionStore } from '../../../electron/core/session/SessionStore';
import { assistant, user, useTempDir } from '../session/helpers';

const dir = useTempDir();

describe('results past the first page', () => {
  it('carry no message until opened; then the best one is named, the one the first page would name', () => {
    const store = SessionStore.load(join(dir(), 'sessions'));
    const sessions: Array<{ id: string; best: string }> = [];
    for (let i = 0; i < MATCH_PAGE + 5; i++) {
      const manager = store.create();
      manager.appendMessage(user('dawen comes first'));
      manager.appendMessage(assistant('then verpantu alone'));
      const best = manager.appendMessage(user('dawen and verpantu together'));
      manager.appendMessage(assistant('nothing here'));
      store.sync(manager);
      sessions.push({ id: manager.getSessionId(), best: best.id });
      manager.close();
    }
    while (store.textIndex.step(1000));
    const bestOf = new Map(sessions.map((s) => [s.id, s.best]));

    const found = store.search('dawen verpantu');
    expect(found).toHaveLength(MATCH_PAGE + 5);
    const page = found.slice(0, MATCH_PAGE);
    const rest = found.slice(MATCH_PAGE);
    for (const hit of page) {
      expect(hit.match?.entryId).toBe(bestOf.get(hit.id));
      expect(hit.match?.snippet?.text).toBe('dawen and verpantu together');
    }
    for (const hit of rest) {
      expect(hit.match).toEqual({});
      expect(store.findMatch(hit.id, 'dawen verpantu')).toBe(bestOf.get(hit.id));
    }
    expect(store.findMatch(rest[0]!.id, 'nowhere')).toBeUndefined();
  });
});
