/** Resolves in a task of its own, after what the page has queued: work after it is not part of this task. */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
