// A real core on a temp data dir, talking to the fake model server, driven through its dispatcher as
// the renderer drives it; every event it sends is recorded.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { BatonEvent, CallInput, CallOutput, Channel } from '../../shared/contract';
import type { Core } from '../../electron/core/BatonCore';
import type { FakeAnthropic } from '../fakeAnthropic';
import { startCore } from './testApp';

export interface CoreDriver {
  readonly core: Core;
  /** Every event since the core (re)started. */
  readonly events: BatonEvent[];
  /** A call that must succeed; its data. */
  call<C extends Channel>(channel: C, input: CallInput<C>): Promise<CallOutput<C>>;
  /** Sends a message and waits for its run to end. */
  chat(text: string): Promise<void>;
  /** Events of one type, typed. */
  of<T extends BatonEvent['type']>(type: T): Array<Extract<BatonEvent, { type: T }>>;
  /** Stops the core and starts a new one on the same data dir, as quitting and reopening the app does. */
  restart(): Promise<void>;
  dispose(): Promise<void>;
}

export function startCoreDriver(fake: FakeAnthropic): CoreDriver {
  const dataDir = mkdtempSync(join(tmpdir(), 'baton-core-'));
  let events: BatonEvent[] = [];
  const boot = () => {
    events = [];
    const started = startCore({ modelUrl: fake.url, apiKey: 'test-key', dataDir });
    started.subscribe((event) => events.push(event));
    return started;
  };
  let core = boot();
  const of = <T extends BatonEvent['type']>(type: T) => events.filter((e) => e.type === type) as Array<Extract<BatonEvent, { type: T }>>;
  const call = async <C extends Channel>(channel: C, input: CallInput<C>): Promise<CallOutput<C>> => {
    const result = await core.dispatch(channel, input, true);
    if (!result.ok) throw new Error(`${channel}: ${result.error.code}: ${result.error.message}`);
    return result.data as CallOutput<C>;
  };
  return {
    get core() {
      return core;
    },
    get events() {
      return events;
    },
    call,
    of,
    chat: async (text) => {
      const before = of('agent_end').length;
      await call('chat.send', { text });
      // Greater, not equal: a run's end may set off another run (an automatic handoff) at once.
      await expect.poll(() => of('agent_end').length, { timeout: 10_000 }).toBeGreaterThan(before);
    },
    restart: async () => {
      await core.dispose();
      core = boot();
    },
    dispose: async () => {
      await core.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
