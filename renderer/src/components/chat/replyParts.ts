// How a reply's blocks are shown (SPEC §3 "Claude's server tools"): the API splits a cited paragraph into
// several text blocks (one per citation); here consecutive text blocks read as one Markdown text again,
// each cited piece followed by its source's number, and the sources are listed under the reply.
import type { Citation, ContentBlock } from '../../../../shared/session';
import { t } from '../../../../shared/i18n';

export interface Source {
  url: string;
  title: string;
}

/**
 * A text's key counts the texts before it, not the blocks: the reply being streamed (its text only) and the
 * settled one (its thinking and tool calls around that text) have the same text under the same key.
 */
export type ReplyPart = { kind: 'text'; text: string; key: string } | { kind: 'block'; block: ContentBlock; key: number };

/** Blocks shown as they are, and the runs of text between them joined (blocks the chat does not show never split a run). */
export function replyParts(content: readonly ContentBlock[]): { parts: ReplyPart[]; sources: Source[] } {
  const parts: ReplyPart[] = [];
  const sources: Source[] = [];
  const fetched = fetchedPages(content);
  const numberOf = (citation: Citation): number | undefined => {
    const source = citedSource(citation, fetched);
    if (!source || !/^https?:\/\//i.test(source.url)) return undefined;
    let at = sources.findIndex((s) => s.url === source.url);
    if (at < 0) at = sources.push(source) - 1;
    return at + 1;
  };
  let texts = 0;
  content.forEach((block, key) => {
    if (block.type === 'text') {
      const numbers = [...new Set((block.citations ?? []).map(numberOf).filter((n): n is number => n !== undefined))];
      const text = block.text + numbers.map((n) => ` [\\[${n}\\]](<${safeUrl(sources[n - 1]!.url)}>)`).join('');
      const last = parts.at(-1);
      if (last?.kind === 'text') last.text += text;
      else parts.push({ kind: 'text', text, key: `text-${texts++}` });
      return;
    }
    if (block.type === 'raw' && block.block.type !== 'server_tool_use') return; // results are shown with their call
    parts.push({ kind: 'block', block, key });
  });
  return { parts, sources };
}

/** The pages web fetch brought into the reply, in order: each its URL and its document's title. */
function fetchedPages(content: readonly ContentBlock[]): Source[] {
  return content.flatMap((block) => {
    if (block.type !== 'raw' || block.block.type !== 'web_fetch_tool_result') return [];
    const result = block.block.content as { type?: unknown; url?: unknown; content?: { title?: unknown } } | null;
    if (result?.type !== 'web_fetch_result' || typeof result.url !== 'string') return [];
    const title = result.content?.title;
    return [{ url: result.url, title: typeof title === 'string' && title.trim() ? title : result.url }];
  });
}

/**
 * Where a citation points. A web search result carries its URL; a fetched page is cited as a document
 * (`char_location` and the like: its index and title, no URL), found among the pages fetched in the reply
 * by its title, else by its index.
 */
function citedSource(citation: Citation, fetched: readonly Source[]): Source | undefined {
  if (typeof citation.url === 'string') {
    return { url: citation.url, title: typeof citation.title === 'string' && citation.title.trim() ? citation.title : citation.url };
  }
  if (typeof citation.document_index !== 'number' || fetched.length === 0) return undefined;
  const title = citation.document_title;
  return fetched.find((page) => typeof title === 'string' && page.title === title) ?? fetched[citation.document_index] ?? (fetched.length === 1 ? fetched[0] : undefined);
}

/** A URL as Markdown's angle-bracket link target takes it: no brackets, spaces or line breaks in it. */
function safeUrl(url: string): string {
  return url.replace(/[<>\s]/g, (c) => encodeURIComponent(c));
}

/** A server tool call's one line: what it searched for or fetched. */
export function serverToolSummary(block: Record<string, unknown>): string {
  const input = (block.input ?? {}) as Record<string, unknown>;
  if (block.name === 'web_search') return t('chat.searchedWeb', { query: typeof input.query === 'string' ? input.query : '' });
  if (block.name === 'web_fetch') return t('chat.fetched', { url: typeof input.url === 'string' ? input.url : t('chat.aPage') });
  return t('chat.usedTool', { tool: typeof block.name === 'string' ? block.name : t('chat.aServerTool') });
}

/** The results a server tool call got (search results' titles and URLs), found by its id among the reply's blocks. */
export function serverToolResults(content: readonly ContentBlock[], id: unknown): Source[] | { error: string } {
  for (const block of content) {
    if (block.type !== 'raw' || block.block.tool_use_id !== id) continue;
    const result = block.block.content as unknown;
    if (Array.isArray(result)) {
      return result.flatMap((r: Record<string, unknown>) => (typeof r.url === 'string' ? [{ url: r.url, title: typeof r.title === 'string' ? r.title : r.url }] : []));
    }
    const one = result as Record<string, unknown> | null;
    if (typeof one?.error_code === 'string') return { error: one.error_code };
    if (typeof one?.url === 'string') return [{ url: one.url, title: one.url }];
  }
  return [];
}
