// For vitest files: one fake server for the whole file, its queue and request log cleared after each test.
import { afterAll, afterEach, beforeAll } from 'vitest';
import { startFakeAnthropic, type FakeAnthropic } from './server';

/** Returns a stand-in that forwards to the file's server once it has started (in beforeAll). */
export function useFakeAnthropic(): FakeAnthropic {
  let current: FakeAnthropic | undefined;
  beforeAll(async () => {
    current = await startFakeAnthropic();
  });
  afterEach(() => current?.reset());
  afterAll(() => current?.close());
  return new Proxy({} as FakeAnthropic, {
    get(_, prop) {
      if (!current) throw new Error('The fake Anthropic server starts in beforeAll; use it inside tests.');
      const value = Reflect.get(current, prop, current);
      return typeof value === 'function' ? value.bind(current) : value;
    },
  });
}
