// A real core on a temp data dir, talking to the fake model server, driven through one view (as one
// window or tab of the renderer drives it); every event that view gets is recorded.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { BatonEvent, CallInput, CallOutput, Channel } from '../../shared/contract';
import type { Core, CoreView } from '../../electron/core/BatonCore';
import type { FakeAnthropic } from '../fakeAnthropic';
import { startCore, type TestAppOptions } from './testApp';

export interface CoreDriver {
  readonly core: Core;
  readonly dataDir: string;
  /** The view the driver's calls go through. */
  readonly view: CoreView;
  /** The session the view shows (after sessions.open / sessions.new; at start, where the user left off). */
  readonly sessionId: string;
  /** Every event the view got since the core (re)started. */
  readonly events: BatonEvent[];
  /** A call that must succeed; its data. */
  call<C extends Channel>(channel: C, input: CallInput<C>): Promise<CallOutput<C>>;
  /** Sends a message in the session shown and waits for its run to end. */
  chat(text: string): Promise<void>;
  /** Events of one type, typed. */
  of<T extends BatonEvent['type']>(type: T): Array<Extract<BatonEvent, { type: T }>>;
  /** Stops the core and starts a new one on the same data dir, as quitting and reopening the app does. */
  restart(): Promise<void>;
  dispose(): Promise<void>;
}

export function startCoreDriver(fake: FakeAnthropic, options: Pick<TestAppOptions, 'allowToolConfig' | 'autoTitle' | 'inactivityTimeoutMs'> = {}): CoreDriver {
  const dataDir = mkdtempSync(join(tmpdir(), 'baton-core-'));
  let events: BatonEvent[] = [];
  let view!: CoreView;
  const boot = () => {
    events = [];
    const started = startCore({ ...options, modelUrl: fake.url, apiKey: 'test-key', dataDir });
    view = started.connect();
    view.subscribe((event) => events.push(event));
    return started;
  };
  let core = boot();
  const of = <T extends BatonEvent['type']>(type: T) => events.filter((e) => e.type === type) as Array<Extract<BatonEvent, { type: T }>>;
  const call = async <C extends Channel>(channel: C, input: CallInput<C>): Promise<CallOutput<C>> => {
    const result = await view.dispatch(channel, input, true);
    if (!result.ok) throw new Error(`${channel}: ${result.error.code}: ${result.error.message}`);
    return result.data as CallOutput<C>;
  };
  const shown = async () => view.sessionId ?? (await call('sessions.open', {})).header.id;
  return {
    dataDir,
    get core() {
      return core;
    },
    get view() {
      return view;
    },
    get sessionId() {
      if (view.sessionId === undefined) throw new Error('the view shows no session yet: open one');
      return view.sessionId;
    },
    get events() {
      return events;
    },
    call,
    of,
    chat: async (text) => {
      const before = of('agent_end').length;
      await call('chat.send', { sessionId: await shown(), text });
      // Greater, not equal: a run's end may set off another run (an automatic handoff) at once.
      await expect.poll(() => of('agent_end').length).toBeGreaterThan(before);
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
