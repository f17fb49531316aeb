// Views (SPEC §1): each window or tab shows one session; a session's stream events reach only the views
// that show it, every view gets the light events the sidebar needs, and a view keeps its session open.
import { describe, expect, it } from 'vitest';
import type { BatonEvent } from '../../../shared/contract';
import type { Conversations } from '../../../electron/core/conversations/Conversations';
import { Views } from '../../../electron/core/conversations/Views';

/** What the views ask of the registry: which sessions they keep open. */
function registry() {
  const shown = new Map<string, number>();
  const conversations = {
    retain: (id: string) => shown.set(id, (shown.get(id) ?? 0) + 1),
    release: (id: string) => shown.set(id, (shown.get(id) ?? 0) - 1),
  } as unknown as Conversations;
  return { shown, conversations };
}

function recording(views: Views) {
  const view = views.add();
  const got: BatonEvent[] = [];
  view.subscribe((event) => got.push(event));
  return { view, got };
}

describe('Views', () => {
  it('routes a session’s events to the views that show it, and the sidebar’s to all', () => {
    const { conversations } = registry();
    const views = new Views(conversations);
    const a = recording(views);
    const b = recording(views);
    const idle = recording(views);
    a.view.show('s1');
    b.view.show('s2');
    views.route({ type: 'message_update', sessionId: 's1', delta: 'hi' });
    views.route({ type: 'session_status', sessionId: 's1', running: true });
    views.route({ type: 'sessions_changed' });
    views.route({ type: 'error', code: 'storage', message: 'disk full' });
    views.route({ type: 'error', sessionId: 's2', code: 'server', message: 'reply failed' });
    expect(a.got.map((e) => e.type)).toEqual(['message_update', 'session_status', 'sessions_changed', 'error']);
    expect(b.got.map((e) => e.type)).toEqual(['session_status', 'sessions_changed', 'error', 'error']);
    expect(idle.got.map((e) => e.type)).toEqual(['session_status', 'sessions_changed', 'error']);
    expect(views.of('s1')).toEqual([a.view]);
  });

  it('a view keeps the session it shows open, and lets it go when it moves on or closes', () => {
    const { shown, conversations } = registry();
    const views = new Views(conversations);
    const { view } = recording(views);
    view.show('s1');
    view.show('s1'); // showing it again changes nothing
    expect(shown.get('s1')).toBe(1);
    view.show('s2');
    expect(Object.fromEntries(shown)).toEqual({ s1: 0, s2: 1 });
    views.remove(view);
    expect(Object.fromEntries(shown)).toEqual({ s1: 0, s2: 0 });
    views.route({ type: 'sessions_changed' }); // a closed view gets nothing, and nothing throws
  });

  it('one view whose listener throws does not starve the others', () => {
    const views = new Views(registry().conversations);
    const broken = views.add();
    broken.subscribe(() => {
      throw new Error('window gone');
    });
    const ok = recording(views);
    views.route({ type: 'sessions_changed' });
    expect(ok.got).toHaveLength(1);
  });
});
