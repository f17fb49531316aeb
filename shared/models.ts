// What Baton knows of a model (SPEC §3 "Models"): from the Models API when it can be reached, else the
// built-in list below. The context meter, the model picker, the thinking setting and the output budgets
// all read it.
import { z } from 'zod';

export const ModelInfo = z.object({
  id: z.string(),
  displayName: z.string(),
  /** The context window (the API's `max_input_tokens`). */
  contextWindow: z.number().int().positive(),
  /** The largest `max_tokens` the model takes. */
  maxOutputTokens: z.number().int().positive(),
  /** Which thinking configurations the model takes. */
  thinking: z.object({ adaptive: z.boolean(), budget: z.boolean() }),
});
export type ModelInfo = z.infer<typeof ModelInfo>;

export const DEFAULT_MODEL = 'claude-sonnet-5-5';

/** Used when the Models API cannot be reached and nothing is cached: the current models, conservatively. */
export const FALLBACK_MODELS: readonly ModelInfo[] = [
  { id: 'claude-sonnet-5-5', displayName: 'Claude Sonnet 5.5', contextWindow: 200_000, maxOutputTokens: 64_000, thinking: { adaptive: true, budget: true } },
  { id: 'claude-opus-5-5', displayName: 'Claude Opus 5.5', contextWindow: 200_000, maxOutputTokens: 32_000, thinking: { adaptive: true, budget: true } },
  { id: 'claude-haiku-5-5', displayName: 'Claude Haiku 5.5', contextWindow: 200_000, maxOutputTokens: 64_000, thinking: { adaptive: false, budget: true } },
];

/** A model nobody described (a custom id): assume the smallest common window and no thinking. */
export function unknownModel(id: string): ModelInfo {
  return { id, displayName: id, contextWindow: 200_000, maxOutputTokens: 16_384, thinking: { adaptive: false, budget: false } };
}

/** The built-in knowledge of a model, for when no catalog is at hand. */
export function fallbackModel(id: string): ModelInfo {
  return FALLBACK_MODELS.find((model) => model.id === id) ?? unknownModel(id);
}

/**
 * The model to use when the key's list (from the Models API) lacks the configured one: the newest
 * Sonnet-class model listed (the API lists newest first), else the first; undefined when it is listed.
 */
export function replacementModel(configured: string, listed: readonly ModelInfo[]): string | undefined {
  if (listed.length === 0 || listed.some((model) => model.id === configured)) return undefined;
  return (listed.find((model) => /sonnet/i.test(model.id)) ?? listed[0])!.id;
}
