// The request's `thinking` parameter from the Thinking setting and what the model takes (SPEC §3).
import type { ModelInfo } from '../../../shared/models';
import type { ThinkingSetting } from '../../../shared/settings';

export type ThinkingParam = { type: 'adaptive' } | { type: 'enabled'; budget_tokens: number };

/** Output the reply itself gets on top of a thinking budget. */
const REPLY_ROOM = 4096;

/**
 * The parameter and the max_tokens to send with it: `adaptive` only where the model supports it; a
 * budget only where the model takes one, with max_tokens raised above it (the API requires
 * max_tokens > budget_tokens) within the model's output limit.
 */
export function thinkingFor(setting: ThinkingSetting, model: ModelInfo, maxTokens: number): { thinking?: ThinkingParam; maxTokens: number } {
  if (setting === 'adaptive' && model.thinking.adaptive) return { thinking: { type: 'adaptive' }, maxTokens };
  if (typeof setting !== 'number' || !model.thinking.budget) return { maxTokens };
  const limit = model.maxOutputTokens;
  const total = Math.min(limit, Math.max(maxTokens, setting + REPLY_ROOM));
  const budget = Math.min(setting, total - REPLY_ROOM);
  return budget >= 1024 ? { thinking: { type: 'enabled', budget_tokens: budget }, maxTokens: total } : { maxTokens };
}
