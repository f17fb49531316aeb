// The provider for the current API key: one client per key, so a key set in Settings takes effect on
// the next request, and a request without a usable key fails before anything is written.
import { AnthropicProvider, type ProviderOptions } from './agent/AnthropicProvider';
import { BatonError } from './errors';
import { texts } from '../../shared/texts';
import type { ModelInfo } from '../../shared/models';
import { fetchModels } from './models/modelsApi';
import { checkedApiKey, type ApiKeyStore } from './settings/apiKey';
import { redactKey } from './settings/redactKey';

export type ProviderOverrides = Omit<ProviderOptions, 'apiKey'>;

export class ProviderClient {
  private client: { apiKey: string; provider: AnthropicProvider } | undefined;

  constructor(
    private readonly keys: ApiKeyStore,
    private readonly overrides: ProviderOverrides = {},
  ) {}

  /** The provider, or BatonError `no_api_key` (which makes the UI ask for a key). */
  get(): AnthropicProvider {
    const apiKey = this.key();
    if (this.client?.apiKey !== apiKey) this.client = { apiKey, provider: new AnthropicProvider({ apiKey, ...this.overrides }) };
    return this.client.provider;
  }

  /** The models the key may use, from the Models API; throws like get() without a usable key. */
  listModels(signal: AbortSignal): Promise<ModelInfo[]> {
    return fetchModels({ apiKey: this.key(), baseURL: this.overrides.baseURL, maxRetries: this.overrides.maxRetries, signal });
  }

  /** Replaces the key (if any, and what gives it away) in a text that leaves the main process: it must never reach the renderer. */
  redact(text: string): string {
    return redactKey(text, this.keys.get());
  }

  private key(): string {
    const stored = this.keys.get();
    if (!stored) throw new BatonError('no_api_key', texts.noApiKey);
    // A key from the environment was never checked: refuse it here rather than have a header error quote it.
    try {
      return checkedApiKey(stored);
    } catch (err) {
      throw new BatonError('no_api_key', (err as Error).message);
    }
  }
}
