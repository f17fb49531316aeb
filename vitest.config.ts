import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // expect.poll waits for what a real server, stream or file does: on a busy machine (CI shares its
    // cores) that can take seconds, and the 1 s default failed a test whose reply took 1.5 s to stream.
    expect: { poll: { timeout: 10_000 } },
  },
});
