import { describe, expect, it } from 'vitest';
import { MessageQueues, type QueueSnapshot } from '../../../electron/core/agent/messageQueues';

describe('MessageQueues', () => {
  it('reports every change and hands messages out in order', () => {
    const seen: QueueSnapshot[] = [];
    const q = new MessageQueues((s) => seen.push(s));
    q.steer('s1');
    q.steer('s2');
    q.queueFollowUp('f1');
    q.queueFollowUp('f2');
    q.queueNextTurn('ctx');
    q.queueNextTurn('ctx'); // the same context is not queued twice
    expect(q.snapshot()).toEqual({ steering: ['s1', 's2'], followUp: ['f1', 'f2'], nextTurn: ['ctx'] });
    expect(seen).toHaveLength(5);
    expect(q.takeSteering()).toEqual(['s1', 's2']);
    expect(q.takeFollowUp()).toBe('f1');
    expect(q.takeNextTurn()).toEqual(['ctx']);
    expect(q.snapshot()).toEqual({ steering: [], followUp: ['f2'], nextTurn: [] });
    q.restoreNextTurn(['ctx']);
    q.clear();
    expect(q.snapshot()).toEqual({ steering: [], followUp: [], nextTurn: [] });
    const count = seen.length;
    q.clear(); // nothing changed, nothing reported
    expect(q.takeSteering()).toEqual([]);
    expect(seen).toHaveLength(count);
  });
});
