import { describe, expect, it } from 'vitest';
import { treeTitles } from '../../../electron/core/handoff/handoffTree';
import type { SessionSummary } from '../../../shared/session';

const at = '2025-01-01T00:00:00.000Z';
const session = (id: string, title: string, parentSession?: string): SessionSummary => ({
  id,
  title,
  createdAt: at,
  updatedAt: at,
  messageCount: 2,
  ...(parentSession !== undefined && { parentSession }),
});

describe('the titles of a handoff tree', () => {
  const sessions = [
    session('a', 'Root'),
    session('b', 'Child', 'a'),
    session('c', 'Grandchild', 'b'),
    session('d', 'Sibling', 'a'),
    session('x', 'Unrelated'),
    session('y', 'Unrelated child', 'x'),
  ];

  it('are the root and everything below it, whichever session of the tree asks', () => {
    for (const id of ['a', 'b', 'c', 'd']) expect(treeTitles(sessions, id).sort()).toEqual(['Child', 'Grandchild', 'Root', 'Sibling']);
    expect(treeTitles(sessions, 'y').sort()).toEqual(['Unrelated', 'Unrelated child']);
  });

  it('start below a deleted parent, and survive a loop in hand-edited files', () => {
    expect(treeTitles([session('b', 'Orphan', 'gone'), session('c', 'Its child', 'b')], 'c').sort()).toEqual(['Its child', 'Orphan']);
    expect(treeTitles([session('p', 'P', 'q'), session('q', 'Q', 'p')], 'p').sort()).toEqual(['P', 'Q']);
  });
});
