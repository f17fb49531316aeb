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
  const numberOf = (citation: Citation): number | undefined => {
    const url = typeof citation.url === 'string' ? citation.url : undefined;
    if (!url || !/^https?:\/\//i.test(url)) return undefined;
    let at = sources.findIndex((s) => s.url === url);
    if (at < 0) at = sources.push({ url, title: typeof citation.title === 'string' && citation.title.trim() ? citation.title : url }) - 1;
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
