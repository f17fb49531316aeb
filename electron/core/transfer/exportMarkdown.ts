// Export session as Markdown (SPEC §5): a readable record of the branch shown, not a file to load again
// (JSON is for that). Title and lineage first, then each message with who wrote it and when; tool calls
// are one line each with their result, thinking is folded away in <details>, handoff exchanges are the
// one line the chat shows for them.
//
// Whatever a message holds is written inert: a Markdown viewer that renders raw HTML (most do) would
// otherwise run a reply's <script> or <img onerror>, follow a javascript: link, or end the thinking's
// <details> where the thinking wrote </details>. Outside code, `<` becomes `&lt;` (shown the same) and a
// link to any scheme but http, https or mailto is no longer a link; a code fence left open is closed.
import { texts } from '../../../shared/texts';
import type { AgentMessage, SessionEntry, SessionHeader } from '../../../shared/session';
import { CustomType, handoffExchangeTracker, modelChangeTracker, unwrapHandoffDocument } from '../../../shared/sessionFormat';
import { toolResultText } from '../../../shared/toolResult';

export interface MarkdownSource {
  header: SessionHeader;
  title: string;
  /** The title of the session this one was handed off from, when the store knows it. */
  parentTitle?: string;
  /** Root to leaf: the conversation as the chat shows it. */
  branch: readonly SessionEntry[];
}

/** How much of a tool's input or result a one-line summary shows. */
const SUMMARY_CHARS = 160;

export function sessionMarkdown({ header, title, parentTitle, branch }: MarkdownSource): string {
  const about: string[] = [];
  if (header.parentSession !== undefined) about.push(texts.continuedFrom(parentTitle ?? 'an earlier session'));
  if (header.importedFrom) about.push(texts.importedFrom(header.importedFrom.format, header.importedFrom.fileName));
  about.push(`Started ${when(header.timestamp)}`);
  const parts = [`# ${inertMarkdown(oneLine(title))}`, about.map((line) => `_${inertMarkdown(line)}_`).join('  \n')];

  const results = toolResults(branch);
  const inHandoff = handoffExchangeTracker();
  const modelChanges = modelChangeTracker<Extract<SessionEntry, { type: 'model_change' }>>();
  for (const entry of branch) {
    switch (entry.type) {
      case 'message': {
        const { message } = entry;
        const inExchange = inHandoff(message);
        const change = modelChanges.beforeMessage(inExchange);
        if (change) parts.push(`_${inertMarkdown(texts.modelChangedTo(change.model))}_`);
        if (inExchange || isToolResults(message)) break;
        parts.push(message.purpose === 'continue' ? '_Continued_' : messageSection(message, entry.timestamp, results));
        break;
      }
      case 'custom_message':
        if (!entry.display) break;
        parts.push(
          entry.customType === CustomType.handoff
            ? `## Handoff context · ${when(entry.timestamp)}\n\n${inertMarkdown(unwrapHandoffDocument(entry.content))}`
            : quote(inertMarkdown(entry.content)),
        );
        break;
      case 'model_change':
        modelChanges.recorded(entry);
        break;
      case 'handoff_outcome':
        parts.push(`_${inertMarkdown(outcomeText(entry))}_`);
        break;
      case 'session_info':
      case 'branch_switch':
      case 'pin':
      case 'handoff_draft':
        break;
    }
  }
  return `${parts.join('\n\n')}\n`;
}

type Results = Map<string, { content: string; isError: boolean }>;

function messageSection(message: AgentMessage, timestamp: string, results: Results): string {
  const lines = [`## ${message.role === 'user' ? 'You' : 'Claude'} · ${when(timestamp)}`];
  for (const block of message.content) {
    switch (block.type) {
      case 'text':
        if (block.text.trim()) lines.push(inertMarkdown(block.text.trim()));
        break;
      case 'thinking':
        if (block.thinking.trim()) lines.push(`<details>\n<summary>Thinking</summary>\n\n${inertMarkdown(block.thinking.trim())}\n\n</details>`);
        break;
      case 'tool_use':
        lines.push(toolLine(block.name, block.input, results.get(block.id)));
        break;
      case 'image':
      case 'document':
        // The file itself stays in the JSON export; the reader learns what was attached.
        lines.push(`- Attached ${block.type === 'image' ? 'image' : block.source.type === 'text' ? 'text file' : 'PDF'} ${code(block.name)}`);
        break;
      default:
        break; // redacted thinking and blocks Baton does not model have nothing to read
    }
  }
  const ending = endingOf(message);
  if (ending) lines.push(`_${inertMarkdown(ending)}_`);
  return lines.join('\n\n');
}

function toolLine(name: string, input: unknown, result: { content: string; isError: boolean } | undefined): string {
  const args = JSON.stringify(input ?? {}) ?? '';
  const outcome = result ? `${result.isError ? 'error: ' : ''}${shorten(result.content) || '(no output)'}` : 'no result';
  return `- Tool call **${inertMarkdown(oneLine(name))}** ${code(shorten(args))} → ${code(outcome)}`;
}

function endingOf(message: AgentMessage): string | undefined {
  if (message.aborted) return 'Stopped';
  if (message.errorMessage !== undefined) return `Failed: ${message.errorMessage}`;
  if (message.stopReason === 'max_tokens') return texts.cutOff;
  if (message.stopReason === 'refusal') return texts.refusal;
  return undefined;
}

function outcomeText(entry: Extract<SessionEntry, { type: 'handoff_outcome' }>): string {
  if (entry.outcome === 'done') return texts.handedOffTo(entry.childTitle ?? 'a new session');
  if (entry.outcome === 'cancelled') return texts.handoffCancelled;
  return texts.handoffFailed(entry.message ?? 'unknown error');
}

function toolResults(branch: readonly SessionEntry[]): Results {
  const results: Results = new Map();
  for (const entry of branch) {
    if (entry.type !== 'message') continue;
    for (const block of entry.message.content) {
      if (block.type === 'tool_result') results.set(block.tool_use_id, { content: toolResultText(block.content), isError: block.is_error ?? false });
    }
  }
  return results;
}

function isToolResults(message: AgentMessage): boolean {
  return message.content.length > 0 && message.content.every((b) => b.type === 'tool_result');
}

/** "2025-03-14 09:26 UTC": the same for every reader, wherever the file is opened. */
function when(timestamp: string): string {
  const ms = Date.parse(timestamp);
  return Number.isNaN(ms) ? timestamp : `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function shorten(text: string): string {
  const flat = oneLine(text);
  return flat.length > SUMMARY_CHARS ? `${flat.slice(0, SUMMARY_CHARS - 1)}…` : flat;
}

/** Inline code that holds any text: the fence is longer than the longest run of backticks inside. */
function code(text: string): string {
  const longest = Math.max(0, ...Array.from(text.matchAll(/`+/g), (m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

function quote(text: string): string {
  return text
    .trim()
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
/** A link definition's start: `[label]:` at the start of a line. */
const DEFINITION = /^ {0,3}\[[^\]]*\]:[ \t]*/;
const LINK_TARGET = /\]\([ \t]*/g;
const SAFE_SCHEMES = new Set(['http', 'https', 'mailto']);

/** `markdown` shown as before, with no raw HTML, no script link and no fence left open (see the top). */
export function inertMarkdown(markdown: string): string {
  const out: string[] = [];
  let fence: string | undefined;
  for (const line of markdown.split('\n')) {
    const marker = FENCE.exec(line)?.[1];
    const after = marker === undefined ? '' : line.slice(line.indexOf(marker) + marker.length);
    if (fence !== undefined) {
      // Code is shown as written: nothing inside a fence is HTML or a link.
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && !after.trim()) fence = undefined;
      out.push(line);
    } else if (marker && !(marker[0] === '`' && after.includes('`'))) {
      fence = marker;
      out.push(line);
    } else {
      out.push(inertLine(line));
    }
  }
  if (fence !== undefined) out.push(fence);
  return out.join('\n');
}

function inertLine(line: string): string {
  const definition = DEFINITION.exec(line);
  const shown = definition && !isSafeTarget(line.slice(definition[0].length)) ? line.replace('[', '\\[') : line;
  return outsideCodeSpans(shown, (text) =>
    text.replaceAll('<', '&lt;').replace(LINK_TARGET, (found, at: number, whole: string) => (isSafeTarget(whole.slice(at + found.length)) ? found : '] (')),
  );
}

/** `text` with `change` applied to what is not inside a code span (a run of backticks closed by the next run as long). */
function outsideCodeSpans(text: string, change: (part: string) => string): string {
  const runs: { start: number; end: number }[] = [];
  for (let at = text.indexOf('`'); at >= 0; at = text.indexOf('`', at)) {
    const start = at;
    while (text[at] === '`') at++;
    runs.push({ start, end: at });
  }
  const next: number[] = [];
  const lastOfLength = new Map<number, number>();
  for (let r = runs.length - 1; r >= 0; r--) {
    const length = runs[r]!.end - runs[r]!.start;
    next[r] = lastOfLength.get(length) ?? -1;
    lastOfLength.set(length, r);
  }
  let out = '';
  let copied = 0;
  for (let r = 0; r < runs.length; r++) {
    const close = next[r]!;
    if (close < 0) continue;
    out += change(text.slice(copied, runs[r]!.start)) + text.slice(runs[r]!.start, runs[close]!.end);
    copied = runs[close]!.end;
    r = close;
  }
  return out + change(text.slice(copied));
}

/**
 * Whether a link target (the text after `](` or `]:`) opens no script: relative, or one of the safe
 * schemes once character references and backslash escapes are read as a viewer reads them.
 */
function isSafeTarget(target: string): boolean {
  const decoded = target
    .slice(0, 256)
    .replace(/&#(?:[xX]([0-9a-fA-F]{1,6})|(\d{1,7}));?/g, (_, hex?: string, decimal?: string) => String.fromCodePoint(Math.min(hex ? Number.parseInt(hex, 16) : Number(decimal), 0x10ffff)))
    .replace(/&colon;/gi, ':')
    .replace(/\\([!-/:-@[-`{-~])/g, '$1')
    // oxlint-disable-next-line no-control-regex -- browsers drop control characters and spaces from a scheme
    .replace(/[\u0000-\u0020]/g, '');
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(decoded.startsWith('&lt;') ? decoded.slice(4) : decoded)?.[1];
  return scheme === undefined || SAFE_SCHEMES.has(scheme.toLowerCase());
}
