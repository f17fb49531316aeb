// Streamed deltas are applied at most once per animation frame; the scheduler is a seam for tests.
export interface FrameScheduler {
  request(callback: () => void): void;
}

export const animationFrames: FrameScheduler = {
  request: (callback) => void requestAnimationFrame(() => callback()),
};
