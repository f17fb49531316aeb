// A failed handoff says what failed, so the UI can offer the right way out (a rejected key: Settings).
import { afterEach, describe, expect, it } from 'vitest';
import { useFakeAnthropic } from '../../fakeAnthropic';
import { startCoreDriver, type CoreDriver } from '../../support/coreDriver';

const fake = useFakeAnthropic();
let driver: CoreDriver | undefined;
afterEach(() => driver?.dispose());

describe('a failed handoff', () => {
  it('carries the code of the error that failed it, in the answer and in the result told to the views', async () => {
    const d = (driver = startCoreDriver(fake));
    await d.chat('Work on the parser');
    fake.enqueue({ kind: 'error', status: 401 });
    const result = await d.call('handoff.start', { sessionId: d.sessionId });
    expect(result).toMatchObject({ status: 'failed', code: 'no_api_key' });
    expect(d.of('handoff_result').map((e) => e.result)).toEqual([result]);
  });
});
