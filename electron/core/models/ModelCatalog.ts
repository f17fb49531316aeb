// The models Baton offers and what it knows of each (SPEC §3 "Models"): the Models API's list when it can
// be reached, else the last list cached on disk, else the built-in one. Reading never waits for the
// network: the list in hand answers at once, and a refresh runs in the background (at startup, and when
// the list is a day old), swapping the list in and announcing it when it changed. A failed refresh keeps
// what is in hand and logs one line; it never throws.
import { FALLBACK_MODELS, fallbackModel, type ModelInfo } from '../../../shared/models';
import { readModelsCache, writeModelsCache } from './modelsCache';
import { log as coreLog } from '../log';
import { loggableMessage } from '../storage/errors';

/** A list older than this is fetched again. */
export const MODELS_MAX_AGE_MS = 24 * 60 * 60_000;
/** After a failed fetch, a stale list is not tried again for this long. */
const RETRY_AFTER_MS = 10 * 60_000;

export interface ModelCatalogOptions {
  /** Where the last fetched list is kept (<dataDir>/models-cache.json). */
  cacheFile: string;
  /** Lists the models through the Models API; throws when it cannot (no key, network, 4xx/5xx). */
  fetch(signal: AbortSignal): Promise<ModelInfo[]>;
  now?: () => number;
  log?: (line: string) => void;
}

type Source = 'api' | 'cache' | 'built-in';

export class ModelCatalog {
  private models!: readonly ModelInfo[];
  private byId!: Map<string, ModelInfo>;
  private source!: Source;
  /** When the list in hand was fetched (for a cached list: when it was cached); undefined for the built-in list. */
  private fetchedAt: number | undefined;
  private lastAttempt = -Infinity;
  private inFlight: Promise<void> | undefined;
  private readonly controller = new AbortController();
  private readonly listeners = new Set<(models: ModelInfo[]) => void>();
  private readonly fetchedListeners = new Set<(models: ModelInfo[]) => void>();
  private readonly now: () => number;
  private readonly log: (line: string) => void;

  constructor(private readonly options: ModelCatalogOptions) {
    this.now = options.now ?? Date.now;
    this.log = options.log ?? coreLog.warn;
    this.use(FALLBACK_MODELS, 'built-in', undefined);
    try {
      const cached = readModelsCache(options.cacheFile);
      if (cached) this.use(cached.models, 'cache', cached.fetchedAt);
    } catch (err) {
      this.log(`The cached model list could not be read; it will be fetched again. (${loggableMessage(err)})`);
    }
  }

  list(): ModelInfo[] {
    return [...this.models];
  }

  /** What Baton knows of `id`: from the list in hand, else built in, else the conservative defaults. */
  get(id: string): ModelInfo {
    return this.byId.get(id) ?? fallbackModel(id);
  }

  /** Called with the new list whenever a refresh changed it. */
  onChange(listener: (models: ModelInfo[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Called with the list after every fetch from the Models API that succeeded, changed or not: what this key may use. */
  onFetched(listener: (models: ModelInfo[]) => void): () => void {
    this.fetchedListeners.add(listener);
    return () => this.fetchedListeners.delete(listener);
  }

  /** Fetches the list now (joining a fetch already running). Resolves when done, whatever the outcome. */
  refresh(): Promise<void> {
    this.inFlight ??= this.fetchAndStore().finally(() => {
      this.inFlight = undefined;
    });
    return this.inFlight;
  }

  /**
   * Starts a refresh when the list in hand is a day old (or built in), unless an attempt failed a moment
   * ago; returns it, or undefined when none was needed.
   */
  refreshIfStale(): Promise<void> | undefined {
    const now = this.now();
    const fresh = this.fetchedAt !== undefined && now - this.fetchedAt < MODELS_MAX_AGE_MS;
    if (fresh || now - this.lastAttempt < RETRY_AFTER_MS) return undefined;
    return this.refresh();
  }

  /** Stops a fetch in flight; nothing is written or announced after this. */
  dispose(): void {
    this.controller.abort();
    this.listeners.clear();
    this.fetchedListeners.clear();
  }

  private async fetchAndStore(): Promise<void> {
    if (this.controller.signal.aborted) return;
    this.lastAttempt = this.now();
    let models: ModelInfo[];
    try {
      models = await this.options.fetch(this.controller.signal);
      if (models.length === 0) throw new Error('the Models API listed no models');
    } catch (err) {
      if (this.controller.signal.aborted) return;
      const using = this.source === 'built-in' ? 'the built-in list' : `the list ${this.source === 'cache' ? 'cached' : 'fetched'} earlier`;
      this.log(`Could not fetch the model list (${messageOf(err)}); using ${using}.`);
      return;
    }
    if (this.controller.signal.aborted) return;
    const changed = JSON.stringify(models) !== JSON.stringify(this.models);
    const fetchedAt = this.now();
    this.use(models, 'api', fetchedAt);
    try {
      writeModelsCache(this.options.cacheFile, { fetchedAt, models });
    } catch (err) {
      this.log(`Could not cache the model list: ${messageOf(err)}`);
    }
    if (changed) for (const listener of this.listeners) listener(this.list());
    for (const listener of this.fetchedListeners) listener(this.list());
  }

  private use(models: readonly ModelInfo[], source: Source, fetchedAt: number | undefined): void {
    this.models = models;
    this.byId = new Map(models.map((m) => [m.id, m]));
    this.source = source;
    this.fetchedAt = fetchedAt;
  }
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
