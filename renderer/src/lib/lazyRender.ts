// Output made by code in a chunk of its own (the highlighter, KaTeX, Mermaid), loaded the first time a
// message needs it: nothing of it is in the main bundle. Results are kept by key, so a block made once is
// not made again when its row re-renders or scrolls back into view.

export interface LazyRender<T> {
  cached(key: string): T | undefined;
  /** Makes what a key stands for; undefined if the chunk failed to load or the making threw. */
  render(key: string): Promise<T | undefined>;
}

export function lazyRender<M, T>(load: () => Promise<M>, make: (chunk: M, key: string) => T | Promise<T>, cacheSize: number): LazyRender<T> {
  const cache = new Map<string, T>();
  let chunk: Promise<M> | undefined;
  return {
    cached: (key) => cache.get(key),
    async render(key) {
      const hit = cache.get(key);
      if (hit !== undefined) return hit;
      try {
        chunk ??= load();
        const value = await make(await chunk, key);
        cache.set(key, value);
        if (cache.size > cacheSize) cache.delete(cache.keys().next().value!);
        return value;
      } catch {
        chunk = undefined; // a chunk that failed to load (a server restart) is tried again next time
        return undefined;
      }
    },
  };
}
