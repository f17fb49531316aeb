// A chain of handoffs through the core: each session of it has a title of its own.
import { afterEach, describe, expect, it } from 'vitest';
import { useFakeAnthropic } from '../../fakeAnthropic';
import { startCoreDriver, type CoreDriver } from '../../support/coreDriver';

const fake = useFakeAnthropic();
let driver: CoreDriver | undefined;
afterEach(() => driver?.dispose());

const GOAL = 'Finish the work on the parser';
const document = `## Goal\n${GOAL}\n\n## Next Steps\nTest it.`;

describe('a chain of handoffs', () => {
  it('never gives two sessions of the chain the same title, though every document names the same Goal', async () => {
    const d = (driver = startCoreDriver(fake));
    await d.chat(GOAL);
    const ids = [(await d.call('sessions.open', {})).header.id];
    for (let i = 0; i < 3; i++) {
      if (i > 0) await d.chat(`Step ${i}`);
      fake.enqueue({ kind: 'text', text: document });
      const result = await d.call('handoff.start', { sessionId: d.sessionId });
      expect(result.status).toBe('done');
      if (result.status === 'done') ids.push(result.session.header.id);
    }
    const listed = await d.call('sessions.list', {});
    const titleOf = (id: string | undefined) => listed.find((s) => s.id === id)?.title;
    expect(ids.map(titleOf)).toEqual([GOAL, `${GOAL} (2)`, `${GOAL} (3)`, `${GOAL} (4)`]);
  });
});
