import { describe, expect, it } from 'vitest';
import type { BatonEvent } from '../../../shared/contract';
import { EventBatcher, type BatcherClock } from '../../../electron/core/agent/eventBatcher';

/** A clock the test moves by hand. */
function manualClock() {
  let now = 0;
  let timers: Array<{ at: number; fn: () => void; id: number }> = [];
  let ids = 0;
  const clock: BatcherClock = {
    now: () => now,
    setTimeout: (fn, ms) => {
      const id = ++ids;
      timers.push({ at: now + ms, fn, id });
      return id;
    },
    clearTimeout: (id) => {
      timers = timers.filter((t) => t.id !== id);
    },
  };
  const advance = (ms: number) => {
    now += ms;
    for (const t of timers.filter((t) => t.at <= now)) {
      timers = timers.filter((x) => x !== t);
      t.fn();
    }
  };
  return { clock, advance };
}

describe('EventBatcher', () => {
  it('sends at most one message_update per 16 ms, with all the text', () => {
    const { clock, advance } = manualClock();
    const out: Array<{ at: number; event: BatonEvent }> = [];
    const batcher = new EventBatcher((event) => out.push({ at: clock.now(), event }), 16, clock);
    // 250 tokens/s for 2 s: one delta every 4 ms.
    let sent = '';
    for (let i = 0; i < 500; i++) {
      batcher.text('s', `t${i} `);
      sent += `t${i} `;
      advance(4);
    }
    batcher.flush();
    const updates = out.filter((o) => o.event.type === 'message_update');
    const times = updates.map((u) => u.at);
    for (let i = 1; i < times.length; i++) expect((times[i] ?? 0) - (times[i - 1] ?? 0)).toBeGreaterThanOrEqual(16);
    expect(updates.map((u) => (u.event as { delta: string }).delta).join('')).toBe(sent);
    expect(updates.length).toBeLessThanOrEqual(2000 / 16 + 2);
  });

  it('sends the first delta at once and flushes gathered text before any other event', () => {
    const { clock, advance } = manualClock();
    const out: BatonEvent[] = [];
    const batcher = new EventBatcher((event) => out.push(event), 16, clock);
    batcher.text('s', 'a');
    expect(out).toEqual([{ type: 'message_update', sessionId: 's', delta: 'a' }]);
    advance(1);
    batcher.text('s', 'b');
    batcher.text('s', 'c');
    batcher.event({ type: 'retry', sessionId: 's', attempt: 1, message: 'again' });
    expect(out.map((e) => e.type)).toEqual(['message_update', 'message_update', 'retry']);
    expect(out[1]).toEqual({ type: 'message_update', sessionId: 's', delta: 'bc' });
    advance(100); // the cancelled timer sends nothing more
    expect(out).toHaveLength(3);
  });

  it('does not send text early just before a message_end, which carries the whole message', () => {
    const { clock, advance } = manualClock();
    const out: BatonEvent[] = [];
    const batcher = new EventBatcher((event) => out.push(event), 16, clock);
    const end: BatonEvent = { type: 'message_end', sessionId: 's', message: { role: 'assistant', content: [{ type: 'text', text: 'abc' }] } };
    batcher.text('s', 'a');
    advance(5);
    batcher.text('s', 'bc');
    batcher.event(end);
    expect(out.map((e) => e.type)).toEqual(['message_update', 'message_end']);
    advance(100);
    expect(out).toHaveLength(2);
    // When the interval is up, the text still goes first.
    batcher.text('s', 'd');
    advance(16);
    batcher.text('s', 'e');
    advance(16);
    batcher.event(end);
    expect(out.slice(2).map((e) => e.type)).toEqual(['message_update', 'message_update', 'message_end']);
  });
});
