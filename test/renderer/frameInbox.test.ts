// Frames are handled in the order they came; a big one in a task after the one that received it, and
// what follows it in a task after that.
import { describe, expect, it } from 'vitest';
import { BIG_FRAME_CHARS, frameInbox } from '../../renderer/src/api/frameInbox';

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('frameInbox', () => {
  it('handles small frames at once, a big one a task later, and what came after it a task after that, all in order', async () => {
    const handled: string[] = [];
    const receive = frameInbox<string>((frame) => handled.push(frame));
    receive('a', 10);
    receive('b', 10);
    expect(handled).toEqual(['a', 'b']);

    receive('big', BIG_FRAME_CHARS + 1);
    receive('c', 10); // came after the big one: waits its turn
    expect(handled).toEqual(['a', 'b']);
    await nextTask();
    expect(handled).toEqual(['a', 'b', 'big']);
    receive('d', 10);
    expect(handled).toEqual(['a', 'b', 'big']);
    await nextTask();
    expect(handled).toEqual(['a', 'b', 'big', 'c', 'd']);

    receive('e', 10); // nothing waiting: at once again
    expect(handled).toEqual(['a', 'b', 'big', 'c', 'd', 'e']);
  });

  it('two big frames in a row get a task each', async () => {
    const handled: string[] = [];
    const receive = frameInbox<string>((frame) => handled.push(frame));
    receive('one', BIG_FRAME_CHARS * 2);
    receive('two', BIG_FRAME_CHARS * 2);
    await nextTask();
    expect(handled).toEqual(['one']);
    await nextTask();
    expect(handled).toEqual(['one', 'two']);
  });
});
