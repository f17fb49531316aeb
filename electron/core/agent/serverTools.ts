// Claude's server tools (SPEC §3 "Tools"): web search and web fetch run on Anthropic's side, each turned
// on by a setting (off by default). Their calls and results come back as blocks of their own, which the
// session keeps verbatim (as `raw`) and sends back unchanged; their citations stay on the text.
import type Anthropic from '@anthropic-ai/sdk';
import type { Settings } from '../../../shared/settings';

export type ServerToolDefinition = Anthropic.WebSearchTool20250305 | Anthropic.WebFetchTool20250910;

/** Bounds per request, so one question cannot run up searches and fetches without end. */
const MAX_SEARCHES = 5;
const MAX_FETCHES = 5;
/** A fetched page's text in the context at most (a long page is cut by the API). */
const MAX_FETCH_TOKENS = 25_000;

export function serverToolsFor(settings: Pick<Settings, 'webSearch' | 'webFetch'>): ServerToolDefinition[] {
  return [
    ...(settings.webSearch ? [{ type: 'web_search_20250305', name: 'web_search', max_uses: MAX_SEARCHES } as const] : []),
    ...(settings.webFetch
      ? [{ type: 'web_fetch_20250910', name: 'web_fetch', max_uses: MAX_FETCHES, max_content_tokens: MAX_FETCH_TOKENS, citations: { enabled: true } } as const]
      : []),
  ];
}
