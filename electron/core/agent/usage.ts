// A reply's usage as Baton keeps it. `input_tokens` is the whole prompt, cached parts included: they are
// context too, and the context meter measures the whole prompt. The cached parts are also kept apart, so
// the status line can count cached input (SPEC §3 "Prompt caching").
import type Anthropic from '@anthropic-ai/sdk';
import type { Usage } from '../../../shared/session';

export function usageOf(usage: Anthropic.Usage): Usage {
  const read = usage.cache_read_input_tokens ?? 0;
  const written = usage.cache_creation_input_tokens ?? 0;
  return {
    input_tokens: usage.input_tokens + read + written,
    output_tokens: usage.output_tokens,
    ...(read > 0 && { cache_read_input_tokens: read }),
    ...(written > 0 && { cache_creation_input_tokens: written }),
  };
}
