// Auto-handoff (SPEC §4.2) after a cancelled attempt: the user stopped that one handoff, not the option,
// so the next reply above the level starts it again. A failed or discarded one still switches it off.
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionEntry } from '../../../shared/session';
import { hasHandoffExchange } from '../../../electron/core/handoff/AutoHandoff';
import { buildHandoffPrompt } from '../../../electron/core/handoff/handoffDocument';
import { useFakeAnthropic, type Scenario } from '../../fakeAnthropic';
import { startCoreDriver, type CoreDriver } from '../../support/coreDriver';

const fake = useFakeAnthropic();
let d: CoreDriver | undefined;
afterEach(() => d?.dispose());

let n = 0;
const base = () => ({ id: `e${++n}`, parentId: null, timestamp: '2026-01-01T00:00:00Z' });
const typed = (text: string): SessionEntry => ({ ...base(), type: 'message', message: { role: 'user', content: [{ type: 'text', text }] } });
const exchange = (): SessionEntry[] => [
  { ...base(), type: 'message', message: { role: 'user', content: [{ type: 'text', text: buildHandoffPrompt() }], purpose: 'handoff' } },
  { ...base(), type: 'message', message: { role: 'assistant', content: [{ type: 'text', text: '## Goal' }], purpose: 'handoff', aborted: true } },
];
const outcome = (value: 'cancelled' | 'failed' | 'done'): SessionEntry => ({ ...base(), type: 'handoff_outcome', outcome: value });

describe('whether a handoff was tried in the branch', () => {
  it('not after a cancelled one, whatever follows', () => {
    expect(hasHandoffExchange([typed('a'), ...exchange(), outcome('cancelled')])).toBe(false);
    expect(hasHandoffExchange([typed('a'), ...exchange(), outcome('cancelled'), typed('b')])).toBe(false);
  });

  it('after a failed or done one, and after one with no outcome (a discarded review)', () => {
    expect(hasHandoffExchange([typed('a'), ...exchange(), outcome('failed')])).toBe(true);
    expect(hasHandoffExchange([typed('a'), ...exchange(), outcome('done')])).toBe(true);
    expect(hasHandoffExchange([typed('a'), ...exchange(), typed('b')])).toBe(true);
    expect(hasHandoffExchange([typed('a'), ...exchange(), outcome('cancelled'), ...exchange(), outcome('failed')])).toBe(true);
  });
});

const replyAt = (percent: number): Scenario => ({ kind: 'text', text: `At ${percent} %`, usage: { input_tokens: percent * 2_000 - 10, output_tokens: 10 } });

it('a cancelled automatic handoff starts again after the next reply above the level', async () => {
  const driver = (d = startCoreDriver(fake));
  await driver.call('settings.set', { autoHandoff: true, autoHandoffAt: 0.6 });
  const id = (await driver.call('sessions.open', {})).header.id;
  fake.enqueue(replyAt(70), { kind: 'text', text: '## Goal\nSlow document '.repeat(40), chunkSize: 4, delayMs: 20 });
  await driver.chat('one');
  await expect.poll(() => driver.of('handoff_progress').some((e) => e.phase === 'generating' && e.text.length > 0)).toBe(true);
  await driver.call('handoff.cancel', { sessionId: id });
  await expect.poll(() => driver.of('handoff_result').map((e) => e.result.status)).toEqual(['cancelled']);

  fake.enqueue(replyAt(75), { kind: 'text', text: '## Goal\nDone' });
  await driver.chat('two');
  await expect.poll(() => driver.of('handoff_auto').length).toBe(2);
  await expect.poll(() => driver.of('handoff_result').map((e) => e.result.status)).toEqual(['cancelled', 'done']);
});
