// Export session as Markdown (SPEC §5): a readable record of the branch shown, not a file to load again
// (JSON is for that). Title and lineage first, then each message with who wrote it and when; tool calls
// are one line each with their result, thinking is folded away in <details>, handoff exchanges are the
// one line the chat shows for them.
//
// Whatever a message holds is written inert: a Markdown viewer that renders raw HTML (most do) would
// otherwise run a reply's <script> or <img onerror>, follow a javascript: link, or end the thinking's
// <details> where the thinking wrote </details>. Outside code, `<` becomes `&lt;` (shown the same) and a
// link to any scheme but http, https or mailto is no longer a link; a code fence left open is closed.
// CommonMark lets a link's or a definition's target start on the next line, and a code span or a
// definition's label run over several lines of a paragraph: a link is checked wherever it may be (in
// code too), and a code span is trusted to hold HTML only where no earlier line could have opened it.
// A fence in a list item ends where the item does: past a line that may have ended it, no line of the
// message is taken for code.
import { fallbackModel } from '../../../shared/models';
import { texts } from '../../../shared/texts';
import type { AgentMessage, SessionEntry, SessionHeader } from '../../../shared/session';
import { CustomType, handoffExchangeTracker, modelChangeTracker, unwrapHandoffDocument } from '../../../shared/sessionFormat';
import { toolResultText } from '../../../shared/toolResult';

export interface MarkdownSource {
  header: SessionHeader;
  title: string;
  /** The title of the session this one was handed off from, when the store knows it. */
  parentTitle?: string;
  /** A model's name as the pickers show it (the model catalog's); the built-in names when left out. */
  modelName?: (id: string) => string;
  /** Root to leaf: the conversation as the chat shows it. */
  branch: readonly SessionEntry[];
}

/** How much of a tool's input or result a one-line summary shows. */
const SUMMARY_CHARS = 160;

export function sessionMarkdown({ header, title, parentTitle, branch, modelName = (id) => fallbackModel(id).displayName }: MarkdownSource): string {
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
        if (change) parts.push(`_${inertMarkdown(texts.modelChangedTo(modelName(change.model)))}_`);
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

/** A fence's opening line: up to three spaces, or list markers (a fence inside a list item), then the run. */
const FENCE = /^ {0,3}(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)*(`{3,}|~{3,})/;
const CLOSING_FENCE = /^[ \t]*(`{3,}|~{3,})[ \t]*$/;
/** Where a link's target (`](`) or a definition's (`]:`, whose label may start on an earlier line) begins. */
const TARGET_START = /\]([(:])[ \t]*/g;
/** What comes before a target continued on the next line: indentation and quote markers. */
const CONTINUATION = /^[ \t>]*/;
const SAFE_SCHEMES = new Set(['http', 'https', 'mailto']);
/** A character no spelling of a scheme (`<` first, references, escapes, blanks a browser drops) holds. */
// oxlint-disable-next-line no-control-regex -- control characters are part of such a spelling
const NOT_SCHEME_SPELLING = /[^a-zA-Z0-9+.\-&#;:\\<\u0000-\u0020]/;

/** `markdown` shown as before, with no raw HTML, no script link and no fence left open (see the top). */
export function inertMarkdown(markdown: string): string {
  // A carriage return ends a line for CommonMark too: read as one line, "`a\r\r<img …>`" looked like code.
  const lines = markdown.split(/\r\n?|\n/);
  const out: string[] = [];
  let fence: { marker: string; column: number } | undefined;
  /**
   * Whether a fence may have ended where a list item did (or not): from then on, which lines a viewer
   * takes for code is not known, so no line is left as written and no code span is trusted.
   */
  let unsure = false;
  /** Whether a line since the last blank one left a backtick run open, which a later line may close. */
  let codeMayBeOpen = false;
  lines.forEach((line, i) => {
    if (fence !== undefined) {
      // Code is shown as written: nothing inside a fence is HTML or a link.
      const inside = inFence(line, fence);
      if (inside !== 'unsure') {
        if (inside === 'closes') fence = undefined;
        out.push(line);
        return;
      }
      fence = undefined;
      unsure = true;
    }
    const opening = unsure ? null : FENCE.exec(line);
    const marker = opening?.[1];
    if (opening && marker && !(marker[0] === '`' && line.slice(opening[0].length).includes('`'))) {
      fence = { marker, column: columnAt(line, opening[0].length - marker.length) };
      codeMayBeOpen = false;
      out.push(line);
      return;
    }
    if (!line.trim()) codeMayBeOpen = false;
    const inert = inertLine(line, lines[i + 1], codeMayBeOpen || unsure);
    codeMayBeOpen ||= inert.leftOpen;
    out.push(inert.line);
  });
  if (fence !== undefined) out.push(' '.repeat(fence.column) + fence.marker);
  return out.join('\n');
}

/**
 * What `line` is inside a fence whose run starts at `column`. A fence at the margin is the document's
 * own: a line closes it or is code (CommonMark). One further in may be a list item's, which a line less
 * indented than the fence ends, or a closing line indented past three spaces closes: either way no
 * longer known, 'unsure'.
 */
function inFence(line: string, fence: { marker: string; column: number }): 'code' | 'closes' | 'unsure' {
  const closing = CLOSING_FENCE.exec(line)?.[1];
  const indent = columnAt(line, line.length - line.trimStart().length);
  if (closing && closing[0] === fence.marker[0] && closing.length >= fence.marker.length) {
    if (indent <= 3 && indent >= fence.column) return 'closes';
    return fence.column === 0 ? 'code' : 'unsure';
  }
  return fence.column > 0 && line.trim() && indent < fence.column ? 'unsure' : 'code';
}

/** The column `index` of `line` starts at, a tab going on to the next multiple of four (CommonMark). */
function columnAt(line: string, index: number): number {
  let column = 0;
  for (let at = 0; at < index; at++) column = line[at] === '\t' ? column + 4 - (column % 4) : column + 1;
  return column;
}

/**
 * `line` with its script links unlinked (`](` spaced apart, a definition's `]` escaped, both shown the
 * same) and `<` written `&lt;` outside its code spans, none trusted when `codeMayBeOpen`.
 */
function inertLine(line: string, next: string | undefined, codeMayBeOpen: boolean): { line: string; leftOpen: boolean } {
  const unlinked = line.replace(TARGET_START, (found, kind: string, at: number) => {
    const rest = line.slice(at + found.length);
    const target = rest || (next ?? '').replace(CONTINUATION, '');
    if (isSafeTarget(target)) return found;
    return kind === '(' ? '] (' : `\\${found}`;
  });
  if (codeMayBeOpen) return { line: unlinked.replaceAll('<', '&lt;'), leftOpen: true };
  return outsideCodeSpans(unlinked, (text) => text.replaceAll('<', '&lt;'));
}

/**
 * `text` with `change` applied to what is not inside a code span (a run of backticks closed by the next
 * run as long; a backslash before a run takes its first backtick out of it), and whether a run was left
 * open.
 */
function outsideCodeSpans(text: string, change: (part: string) => string): { line: string; leftOpen: boolean } {
  const runs: { start: number; end: number }[] = [];
  for (let at = text.indexOf('`'); at >= 0; at = text.indexOf('`', at)) {
    const start = at;
    while (text[at] === '`') at++;
    runs.push({ start, end: at });
  }
  // For each run, the next one as long, and the next one a backtick shorter (for a run escaped).
  const next: number[] = [];
  const nextShorter: number[] = [];
  const lastOfLength = new Map<number, number>();
  for (let r = runs.length - 1; r >= 0; r--) {
    const length = runs[r]!.end - runs[r]!.start;
    next[r] = lastOfLength.get(length) ?? -1;
    nextShorter[r] = lastOfLength.get(length - 1) ?? -1;
    lastOfLength.set(length, r);
  }
  let out = '';
  let copied = 0;
  let leftOpen = false;
  for (let r = 0; r < runs.length; r++) {
    let backslashes = 0;
    while (runs[r]!.start - backslashes > copied && text[runs[r]!.start - backslashes - 1] === '\\') backslashes++;
    const escaped = backslashes % 2 === 1;
    const opens = escaped ? runs[r]!.start + 1 : runs[r]!.start;
    const close = escaped ? (opens < runs[r]!.end ? nextShorter[r]! : -1) : next[r]!;
    if (close < 0) {
      if (opens < runs[r]!.end) leftOpen = true;
      continue;
    }
    out += change(text.slice(copied, opens)) + text.slice(opens, runs[close]!.end);
    copied = runs[close]!.end;
    r = close;
  }
  return { line: out + change(text.slice(copied)), leftOpen };
}

/**
 * Whether a link target (the text after `](` or `]:` and any blanks) opens no script: relative, or one
 * of the safe schemes once character references and backslash escapes are read as a viewer reads them.
 */
function isSafeTarget(target: string): boolean {
  // Only the characters a scheme can be spelled with are read, so a line of many `](` reads each
  // stretch of it once, not 256 characters after each of them.
  const window = target.slice(0, 256);
  const spelledTo = window.search(NOT_SCHEME_SPELLING);
  const spelled = spelledTo < 0 ? window : window.slice(0, spelledTo);
  if (!spelled.includes(':') && !spelled.includes('&')) return true; // no colon, nor a reference to one
  const decoded = spelled
    .replace(/&#(?:[xX]([0-9a-fA-F]{1,6})|(\d{1,7}));?/g, (_, hex?: string, decimal?: string) => String.fromCodePoint(Math.min(hex ? Number.parseInt(hex, 16) : Number(decimal), 0x10ffff)))
    .replace(/&colon;/gi, ':')
    .replace(/\\([!-/:-@[-`{-~])/g, '$1')
    // oxlint-disable-next-line no-control-regex -- browsers drop control characters and spaces from a scheme
    .replace(/[\u0000-\u0020]/g, '');
  const unbracketed = decoded.startsWith('&lt;') ? decoded.slice(4) : decoded.startsWith('<') ? decoded.slice(1) : decoded;
  // Any other named reference read as nothing: &Tab; and &NewLine; are blanks a browser drops.
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(unbracketed.replace(/&[a-zA-Z][a-zA-Z0-9]*;/g, ''))?.[1];
  return scheme === undefined || SAFE_SCHEMES.has(scheme.toLowerCase());
}
