// The model catalog (SPEC §3 "Models") against the fake Models API through the real SDK: what it offers,
// what it keeps on disk, what it falls back to, and the window reaching the context meter.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BatonEvent, CallInput, CallOutput, Channel } from '../../../shared/contract';
import { FALLBACK_MODELS, unknownModel, type ModelInfo } from '../../../shared/models';
import type { Core, CoreView } from '../../../electron/core/BatonCore';
import { ModelCatalog, MODELS_MAX_AGE_MS } from '../../../electron/core/models/ModelCatalog';
import { fetchModels } from '../../../electron/core/models/modelsApi';
import { MODELS_CACHE_FILE } from '../../../electron/core/models/modelsCache';
import { useFakeAnthropic, type FakeModel } from '../../fakeAnthropic';
import { startCore } from '../../support/testApp';

const fake = useFakeAnthropic();
let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'baton-models-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const cacheFile = () => join(dataDir, MODELS_CACHE_FILE);
const modelRequests = () => fake.requests.filter((r) => r.method === 'GET' && r.path === '/v1/models');

interface Made {
  catalog: ModelCatalog;
  logs: string[];
  changes: ModelInfo[][];
  clock: { now: number };
}

function makeCatalog(options: { baseURL?: string; apiKey?: string | null } = {}): Made {
  const logs: string[] = [];
  const changes: ModelInfo[][] = [];
  const clock = { now: Date.parse('2026-03-01T12:00:00Z') };
  const catalog = new ModelCatalog({
    cacheFile: cacheFile(),
    fetch: async (signal) => {
      if (options.apiKey === null) throw new Error('No API key is configured');
      return fetchModels({ apiKey: options.apiKey ?? 'test', baseURL: options.baseURL ?? fake.url, maxRetries: 0, signal });
    },
    now: () => clock.now,
    log: (line) => logs.push(line),
  });
  catalog.onChange((models) => changes.push(models));
  return { catalog, logs, changes, clock };
}

const BIG: FakeModel = {
  id: 'claude-big-6',
  display_name: 'Claude Big 6',
  max_input_tokens: 1_000_000,
  max_tokens: 128_000,
  capabilities: { thinking: { supported: true, types: { adaptive: { supported: true }, enabled: { supported: false } } } },
};

describe('ModelCatalog', () => {
  it('offers what the Models API lists, and caches it on disk', async () => {
    fake.setModels([BIG, { id: 'claude-plain', display_name: 'Claude Plain', max_input_tokens: 300_000, max_tokens: 16_000 }]);
    const { catalog, logs, changes } = makeCatalog();
    expect(catalog.list()).toEqual(FALLBACK_MODELS); // before the API answers
    await catalog.refresh();

    const expected: ModelInfo[] = [
      { id: 'claude-big-6', displayName: 'Claude Big 6', contextWindow: 1_000_000, maxOutputTokens: 128_000, thinking: { adaptive: true, budget: false } },
      { id: 'claude-plain', displayName: 'Claude Plain', contextWindow: 300_000, maxOutputTokens: 16_000, thinking: { adaptive: false, budget: false } },
    ];
    expect(catalog.list()).toEqual(expected);
    expect(catalog.get('claude-big-6').contextWindow).toBe(1_000_000);
    expect(changes).toEqual([expected]);
    expect(logs).toEqual([]);
    expect(JSON.parse(readFileSync(cacheFile(), 'utf8'))).toEqual({ fetchedAt: expect.any(Number), models: expected });

    await catalog.refresh();
    expect(changes).toHaveLength(1); // the same list again is no change
  });

  it('follows every page of the list', async () => {
    fake.setModels(Array.from({ length: 45 }, (_, i) => ({ id: `claude-m-${i}`, display_name: `M ${i}` })));
    const { catalog } = makeCatalog();
    await catalog.refresh();
    expect(catalog.list().map((m) => m.id)).toEqual(Array.from({ length: 45 }, (_, i) => `claude-m-${i}`));
    expect(modelRequests().length).toBeGreaterThanOrEqual(3);
  });

  it('leaves retired models out, and fills null fields from the built-in list or safe defaults', async () => {
    fake.setModels([
      { id: 'claude-gone', display_name: 'Gone', lifecycle: 'retired' },
      { id: 'claude-opus-5-5', display_name: 'Claude Opus 5.5', lifecycle: 'deprecated', max_input_tokens: null, max_tokens: null },
      { id: 'claude-mystery', display_name: '', max_input_tokens: null, max_tokens: null },
    ]);
    const { catalog } = makeCatalog();
    await catalog.refresh();
    const opus = FALLBACK_MODELS.find((m) => m.id === 'claude-opus-5-5')!;
    expect(catalog.list()).toEqual([
      opus,
      unknownModel('claude-mystery'),
    ]);
    expect(catalog.get('claude-gone')).toEqual(unknownModel('claude-gone'));
    expect(catalog.get('some-unknown-model').contextWindow).toBe(200_000);
  });

  it('uses the cached list when the API fails, with one log line', async () => {
    fake.setModels([BIG]);
    await makeCatalog().catalog.refresh();

    fake.failModels({ status: 500 });
    const { catalog, logs, changes } = makeCatalog();
    expect(catalog.get('claude-big-6').contextWindow).toBe(1_000_000); // at once, from the cache
    await catalog.refresh();
    expect(catalog.list().map((m) => m.id)).toEqual(['claude-big-6']);
    expect(changes).toEqual([]);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatch(/Could not fetch the model list \(500 .*\); using the list cached earlier\./);
  });

  it('falls back to the built-in list when there is neither API nor cache: no key, a 4xx, no server', async () => {
    const noKey = makeCatalog({ apiKey: null });
    const noServer = makeCatalog({ baseURL: 'http://127.0.0.1:9' });
    fake.failModels({ status: 403 });
    const refused = makeCatalog();
    for (const made of [noKey, noServer, refused]) {
      await made.catalog.refresh();
      expect(made.catalog.list()).toEqual(FALLBACK_MODELS);
      expect(made.logs).toHaveLength(1);
      expect(made.logs[0]).toContain('using the built-in list');
    }
    expect(existsSync(cacheFile())).toBe(false);
  });

  it('a corrupt cache is logged and replaced by the next fetch', async () => {
    writeFileSync(cacheFile(), '{"fetchedAt": 1, "models": [{"id": ');
    const { catalog, logs } = makeCatalog();
    expect(catalog.list()).toEqual(FALLBACK_MODELS);
    expect(logs).toHaveLength(1);
    await catalog.refresh();
    expect(JSON.parse(readFileSync(cacheFile(), 'utf8')).models).toHaveLength(3);
  });

  it('refreshes in the background only when the list is a day old, and not again right after a failure', async () => {
    const { catalog, clock } = makeCatalog();
    await catalog.refresh();
    expect(modelRequests()).toHaveLength(1);

    clock.now += MODELS_MAX_AGE_MS - 1;
    expect(catalog.refreshIfStale()).toBeUndefined();

    fake.failModels({ status: 503 });
    clock.now += 1;
    await catalog.refreshIfStale();
    expect(modelRequests()).toHaveLength(2);
    clock.now += 60_000;
    expect(catalog.refreshIfStale()).toBeUndefined(); // it just failed: not tried on every call

    fake.failModels(null);
    clock.now += 10 * 60_000;
    await catalog.refreshIfStale();
    expect(modelRequests()).toHaveLength(3);
    expect(catalog.refreshIfStale()).toBeUndefined(); // fresh again
  });
});

describe('the core and the catalog', () => {
  let core: Core;
  /** The window the calls come from. */
  let view: CoreView;
  let events: BatonEvent[];
  afterEach(() => core?.dispose());

  function boot(apiKey: string | undefined): void {
    core = startCore({ modelUrl: fake.url, apiKey, dataDir });
    events = [];
    view = core.connect();
    view.subscribe((e) => events.push(e));
  }

  async function call<C extends Channel>(channel: C, input: CallInput<C>): Promise<CallOutput<C>> {
    const result = await view.dispatch(channel, input, true);
    if (!result.ok) throw new Error(`${channel}: ${result.error.code}: ${result.error.message}`);
    return result.data as CallOutput<C>;
  }

  it('lists the models, announces a changed list, and a 1M window reaches the session view', async () => {
    fake.setModels([BIG, ...FALLBACK_MODELS.map((m) => ({ id: m.id, display_name: m.displayName }))]);
    boot('test-key');
    await expect.poll(() => events.some((e) => e.type === 'models_changed')).toBe(true);
    const listed = await call('models.list', {});
    expect(listed.map((m) => [m.id, m.displayName])).toEqual([
      ['claude-big-6', 'Claude Big 6'],
      ['claude-sonnet-5-5', 'Claude Sonnet 5.5'],
      ['claude-opus-5-5', 'Claude Opus 5.5'],
      ['claude-haiku-5-5', 'Claude Haiku 5.5'],
    ]);

    expect((await call('sessions.open', {})).contextWindow).toBe(200_000);
    await call('settings.set', { model: 'claude-big-6' });
    expect(await call('sessions.open', {})).toMatchObject({ model: 'claude-big-6', contextWindow: 1_000_000 });
  });

  it('starts without a key and without a cache on the built-in list, and fetches once a key is set', async () => {
    fake.setModels([BIG]);
    boot(undefined);
    expect(await call('models.list', {})).toEqual(FALLBACK_MODELS);
    expect(modelRequests()).toHaveLength(0);

    await call('settings.setApiKey', { apiKey: 'test-key' });
    await expect.poll(() => events.find((e) => e.type === 'models_changed')).toMatchObject({ models: [{ id: 'claude-big-6' }] });
    expect(await call('models.list', {})).toMatchObject([{ id: 'claude-big-6', contextWindow: 1_000_000 }]);
  });
});
