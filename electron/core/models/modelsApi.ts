// The Models API (SPEC §3 "Models"): the list of models the key can use, each with its context window,
// output limit and thinking support, read through @anthropic-ai/sdk and its auto-pagination.
import Anthropic from '@anthropic-ai/sdk';
import { fallbackModel, type ModelInfo } from '../../../shared/models';

export interface ModelsApiOptions {
  apiKey: string;
  /** Defaults to ANTHROPIC_BASE_URL, then the public API, as the SDK does. */
  baseURL?: string | undefined;
  maxRetries?: number | undefined;
  signal?: AbortSignal | undefined;
}

/** A listing is small; a server that takes longer than this is treated as unreachable. */
const TIMEOUT_MS = 15_000;

/** Every model the API lists, retired ones left out. Throws what the SDK throws. */
export async function fetchModels(options: ModelsApiOptions): Promise<ModelInfo[]> {
  const client = new Anthropic({ apiKey: options.apiKey, baseURL: options.baseURL, maxRetries: options.maxRetries ?? 1, timeout: TIMEOUT_MS });
  const models: ModelInfo[] = [];
  for await (const model of client.models.list({}, { signal: options.signal })) {
    const info = toModelInfo(model);
    if (info) models.push(info);
  }
  return models;
}

/**
 * One model object as Baton's ModelInfo; null for a retired model (requests naming it fail). A field the
 * API leaves null takes the built-in figure for that model, else the conservative one for any model.
 */
export function toModelInfo(model: Anthropic.ModelInfo): ModelInfo | null {
  if (model.lifecycle === 'retired') return null;
  const known = fallbackModel(model.id);
  const thinking = model.capabilities?.thinking;
  return {
    id: model.id,
    displayName: model.display_name || known.displayName,
    contextWindow: positive(model.max_input_tokens) ?? known.contextWindow,
    maxOutputTokens: positive(model.max_tokens) ?? known.maxOutputTokens,
    thinking: thinking
      ? {
          adaptive: thinking.supported && thinking.types?.adaptive?.supported === true,
          budget: thinking.supported && (thinking.types?.enabled?.supported ?? true),
        }
      : known.thinking,
  };
}

function positive(n: number | null | undefined): number | undefined {
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : undefined;
}
