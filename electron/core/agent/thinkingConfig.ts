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

export const INTERLEAVED_THINKING_BETA = 'interleaved-thinking-2025-05-14';

/**
 * The Claude 4 models before 4.6 (Opus 4, 4.1, 4.5; Sonnet 4, 4.5; Haiku 4.5), and Sonnet 4.6 with a
 * budget, think between tool calls only with the interleaved-thinking beta; Opus 4.6 and later models
 * interleave by themselves (the header is deprecated there), and 3.x models never do. Ids are matched
 * with or without their date (`claude-sonnet-4-5-20250929`, `claude-sonnet-4-5`, `claude-sonnet-4-0`).
 */
const CLAUDE_4 = /^claude-(opus|sonnet|haiku)-4(?:-(\d))?(?:-\d{8})?$/;

/** The `anthropic-beta` value a request needs for thinking between tool calls, if any (SPEC §3 "Thinking"). */
export function thinkingBetaFor(model: string, thinking: ThinkingParam | undefined, hasTools: boolean): string | undefined {
  if (thinking?.type !== 'enabled' || !hasTools) return undefined;
  const match = CLAUDE_4.exec(model);
  if (!match) return undefined;
  const minor = Number(match[2] ?? 0);
  return minor <= 5 || (minor === 6 && match[1] === 'sonnet') ? INTERLEAVED_THINKING_BETA : undefined;
}
