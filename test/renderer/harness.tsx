// Test seams for the renderer: a fake BatonApi built with the contract's buildApi, a frame scheduler
// the test advances by hand, and a tiny render helper on react-dom/client + act.
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { buildApi, type BatonApi, type BatonEvent, type CallInput, type CallOutput, type Channel, type Result, type SessionView } from '../../shared/contract';
import type { AgentMessage, ContentBlock, HandoffOutcomeEntry, SessionEntry, SessionSummary } from '../../shared/session';
import { FALLBACK_MODELS } from '../../shared/models';
import { DEFAULT_SETTINGS } from '../../shared/settings';
import { createBatonStore, type BatonStore } from '../../renderer/src/store';
import { StoreProvider } from '../../renderer/src/store/StoreProvider';
import type { Deps, PageAddress } from '../../renderer/src/store/types';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Handler<C extends Channel> = (input: CallInput<C>) => CallOutput<C> | Promise<CallOutput<C>> | Result<CallOutput<C>>;
export type Handlers = { [C in Channel]?: Handler<C> };

export interface FakeApi {
  api: BatonApi;
  calls: { channel: Channel; input: unknown }[];
  callsTo(channel: Channel): unknown[];
  emit(event: BatonEvent): void;
  /** Replaces or adds handlers after creation. */
  on(handlers: Handlers): void;
}

const isResult = (x: unknown): x is Result<unknown> => typeof x === 'object' && x !== null && 'ok' in x && (x.ok === false || 'data' in x);

export function fakeApi(initial: Handlers = {}): FakeApi {
  const handlers: Handlers = { ...defaultHandlers(), ...initial };
  const listeners = new Set<(event: BatonEvent) => void>();
  const calls: FakeApi['calls'] = [];
  const api = buildApi(
    async (channel, input) => {
      calls.push({ channel, input });
      const handler = handlers[channel] as ((input: unknown) => unknown) | undefined;
      if (!handler) return { ok: false, error: { code: 'internal', message: `no fake for ${channel}` } };
      const out = await handler(input);
      return isResult(out) ? out : { ok: true, data: out };
    },
    (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  );
  return {
    api,
    calls,
    callsTo: (channel) => calls.filter((c) => c.channel === channel).map((c) => c.input),
    emit: (event) => listeners.forEach((l) => l(event)),
    on: (more) => Object.assign(handlers, more),
  };
}

function defaultHandlers(): Handlers {
  return {
    'app.info': () => ({ name: 'Baton', version: '0', transport: 'web', platform: 'linux', hasApiKey: true, apiKeySource: 'environment', dataDir: '/tmp' }),
    'settings.get': () => DEFAULT_SETTINGS,
    'settings.set': (patch) => ({ ...DEFAULT_SETTINGS, ...patch }),
    'models.list': () => [...FALLBACK_MODELS],
    'sessions.open': () => sessionView(),
    'sessions.list': () => [],
    'sessions.running': () => [],
    'tools.overview': () => ({ servers: [], problems: [], alwaysAllow: [] }),
    'chat.commands': () => [
      { name: 'handoff', hint: '[focus instructions]', description: 'Hand off to a fresh session' },
      { name: 'new', hint: '', description: 'Start a new session' },
    ],
    'chat.send': () => ({ queued: false }),
    'chat.stop': () => ({ ok: true }),
    'chat.edit': () => ({ ok: true }),
    'chat.regenerate': () => ({ ok: true }),
    'chat.queue.edit': () => ({ ok: true }),
    'chat.queue.remove': () => ({ ok: true }),
    // As the core answers for an entry that is no version of a message: the fake session has none.
    'sessions.switchBranch': () => ({ ok: false, error: { code: 'not_found', message: 'That message is not in this session' } }),
    'handoff.cancel': () => ({ ok: true }),
    'handoff.discard': () => ({ ok: true }),
    'shell.openExternal': () => ({ opened: true }),
    // Web mode: the server opens no window, the page opens a tab.
    'app.openWindow': () => ({ opened: false }),
  };
}

/** The page's address, in memory: what the page shows in its address bar, and the tabs it opened. */
export interface MemoryAddress extends PageAddress {
  readonly hash: string;
  /** The fragments of the tabs opened (Open in new window in web mode). */
  readonly opened: string[];
  /** The user changes the address (types it, or follows a link to it). */
  go(hash: string): void;
}

export function memoryAddress(initial = ''): MemoryAddress {
  let hash = initial;
  const listeners = new Set<() => void>();
  const opened: string[] = [];
  return {
    get hash() {
      return hash;
    },
    opened,
    read: () => hash,
    write: (next) => void (hash = next),
    onChange(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    openNew: (next) => void opened.push(next),
    go(next) {
      hash = next;
      listeners.forEach((l) => l());
    },
  };
}

/** Frames advance only when the test says so. */
export function manualFrames() {
  let queue: (() => void)[] = [];
  return {
    request: (callback: () => void) => void queue.push(callback),
    get pending() {
      return queue.length;
    },
    flush() {
      const run = queue;
      queue = [];
      run.forEach((cb) => cb());
    },
  };
}

let entrySeq = 0;
export function messageEntry(role: AgentMessage['role'], text: string, extra: Partial<AgentMessage> = {}): SessionEntry {
  const id = `e${++entrySeq}`;
  return { type: 'message', id, parentId: null, timestamp: new Date().toISOString(), message: { role, content: [{ type: 'text', text }], ...extra } };
}

/** A message entry with the given blocks (thinking, tool calls, blocks Baton does not know). */
export function blocksEntry(role: AgentMessage['role'], content: ContentBlock[], extra: Partial<AgentMessage> = {}): SessionEntry {
  return { type: 'message', id: `e${++entrySeq}`, parentId: null, timestamp: new Date().toISOString(), message: { role, content, ...extra } };
}

export function outcomeEntry(fields: Omit<HandoffOutcomeEntry, 'type' | 'id' | 'parentId' | 'timestamp'>): HandoffOutcomeEntry {
  return { type: 'handoff_outcome', id: `e${++entrySeq}`, parentId: null, timestamp: new Date().toISOString(), ...fields };
}

export function exchangeEntries(n = 1): SessionEntry[] {
  return Array.from({ length: n }, (_, i) => [messageEntry('user', `Question ${i}`), messageEntry('assistant', `Answer ${i}`)]).flat();
}

export function sessionView(over: Partial<SessionView> & { id?: string } = {}): SessionView {
  const { id = 's1', ...rest } = over;
  return {
    header: { type: 'session', version: 1, id, timestamp: '2025-01-01T00:00:00.000Z' },
    entries: [],
    firstEntryIndex: 0,
    versions: {},
    unreadableRecords: 0,
    todos: [],
    isStreaming: false,
    model: DEFAULT_SETTINGS.model,
    contextTokens: 1000,
    contextWindow: 200_000,
    ...rest,
  };
}

/**
 * One moment for every summary that names none: the list orders sessions by it, so read from the clock
 * per call, two summaries a millisecond apart (a loaded machine) came out in the other order.
 */
const UPDATED_AT = new Date().toISOString();

export function summary(id: string, title: string, over: Partial<SessionSummary> = {}): SessionSummary {
  return { id, title, createdAt: '2025-01-01T00:00:00.000Z', updatedAt: UPDATED_AT, messageCount: 2, ...over };
}

/** Resolves pending promises (fake calls resolve in microtasks) inside act. */
export async function settle(): Promise<void> {
  await act(async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
    await new Promise((r) => setTimeout(r, 0));
  });
}

export interface Setup {
  fake: FakeApi;
  store: BatonStore;
  frames: ReturnType<typeof manualFrames>;
  address: MemoryAddress;
}

/**
 * A store on a fake API, initialised (events subscribed, first session loaded). Pass `init: false`
 * when rendering <App/>, which initialises the store itself.
 */
export async function setup(
  handlers: Handlers = {},
  { init = true, deps = {}, address = memoryAddress() }: { init?: boolean; deps?: Partial<Omit<Deps, 'api' | 'address'>>; address?: MemoryAddress } = {},
): Promise<Setup> {
  const fake = fakeApi(handlers);
  const frames = manualFrames();
  const store = createBatonStore(fake.api, { frame: frames, setTimeout: () => 0, address, ...deps });
  if (init) store.getState().init();
  await settle();
  return { fake, store, frames, address };
}

export interface Rendered {
  container: HTMLElement;
  root: Root;
  unmount(): void;
}

export async function render(ui: ReactNode, store: BatonStore): Promise<Rendered> {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () => root.render(<StoreProvider store={store}>{ui}</StoreProvider>));
  return {
    container,
    root,
    unmount: () => {
      act(() => root.unmount());
      container.remove();
    },
  };
}

/** Runs a store action or event inside act, so rendered components update. */
export async function step(fn: () => unknown): Promise<void> {
  await act(async () => {
    await fn();
  });
  await settle();
}

/** The accessible name of a labelled control, good enough for the names this UI uses. */
export function byLabel(container: ParentNode, label: string): HTMLElement | null {
  for (const el of container.querySelectorAll<HTMLElement>('[aria-label], [id]')) {
    if (el.getAttribute('aria-label') === label) return el;
  }
  for (const labelEl of container.querySelectorAll('label')) {
    if (labelEl.textContent?.trim() === label) {
      const forId = labelEl.getAttribute('for');
      const target = forId ? document.getElementById(forId) : labelEl.querySelector('input, textarea, select');
      if (target) return target as HTMLElement;
    }
  }
  return null;
}

export function buttonNamed(container: ParentNode, name: string): HTMLButtonElement | null {
  return [...container.querySelectorAll('button')].find((b) => (b.getAttribute('aria-label') ?? b.textContent?.trim()) === name) ?? null;
}

export async function click(el: Element | null): Promise<void> {
  if (!el) throw new Error('nothing to click');
  await act(async () => (el as HTMLElement).click());
  await settle();
}

export async function key(target: EventTarget, keyName: string, init: KeyboardEventInit = {}): Promise<void> {
  await act(async () => {
    target.dispatchEvent(new KeyboardEvent('keydown', { key: keyName, bubbles: true, cancelable: true, ...init }));
  });
  await settle();
}

/** Sets a React-controlled field's value the way typing does. */
export async function type(el: HTMLInputElement | HTMLTextAreaElement | null, value: string): Promise<void> {
  if (!el) throw new Error('no field');
  const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  await act(async () => {
    Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await settle();
}

/**
 * happy-dom has no layout: gives the chat's scroller a window-sized box and rows a plausible height,
 * so the virtualized list mounts rows. Call it in beforeAll.
 */
export function stubLayout(): void {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 800 });
  // Scrolling: the scroller keeps its offset, clamped to its content (the canvas's styled height).
  const offsets = new WeakMap<Element, number>();
  const contentHeight = (el: Element) => parseFloat((el.firstElementChild as HTMLElement | null)?.style.height ?? '0') || 0;
  Object.defineProperty(HTMLElement.prototype, 'scrollHeight', { configurable: true, get() { return Math.max(600, contentHeight(this)); } });
  Object.defineProperty(HTMLElement.prototype, 'scrollTop', {
    configurable: true,
    get() { return offsets.get(this) ?? 0; },
    set(value: number) {
      offsets.set(this, Math.max(0, Math.min(value, this.scrollHeight - 600)));
      setTimeout(() => this.dispatchEvent(new Event('scroll')), 0); // browsers fire scroll events later, not inside the write
    },
  });
  HTMLElement.prototype.scrollTo = function (this: HTMLElement, options?: ScrollToOptions | number) {
    this.scrollTop = typeof options === 'object' ? (options.top ?? this.scrollTop) : 0;
  } as HTMLElement['scrollTo'];
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
    configurable: true,
    get() { return this.classList.contains('chat-row') ? 90 : 600; },
  });
}
