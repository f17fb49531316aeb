// Frames as they arrive, handled in order. A big one (a session's megabyte, a list of 10,000 sessions) is
// handled in a task after the one that received and parsed it, and what comes after it in a task after
// that: receiving a frame, showing what it says and whatever comes next are not one long task.

/** Frames of more characters than this are handled in a task of their own. */
export const BIG_FRAME_CHARS = 256 * 1024;

export function frameInbox<F>(handle: (frame: F) => void): (frame: F, chars: number) => void {
  const waiting: { frame: F; big: boolean }[] = [];
  let scheduled = false;
  const later = () => {
    scheduled = true;
    setTimeout(drain, 0);
  };
  const drain = () => {
    scheduled = false;
    while (waiting.length) {
      const { frame, big } = waiting.shift()!;
      handle(frame);
      if (big && waiting.length) return later();
    }
  };
  return (frame, chars) => {
    const big = chars > BIG_FRAME_CHARS;
    if (!scheduled && !big) return handle(frame);
    waiting.push({ frame, big });
    if (!scheduled) later();
  };
}
