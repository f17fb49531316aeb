// The carry-over check (SPEC §4.3): what must survive a handoff, taken from the branch — the last user
// request, the open todos, the attached files' names, the pinned messages, and the identifiers the user
// or a tool wrote (inline code, file paths, URLs) — and which of it the document does not hold. What it
// lacks (and the user keeps) is appended after the model's text, so nothing of it is lost.
import { toolResultText } from '../../../shared/toolResult';
import type { AgentMessage, CarryOverItem, CarryOverKind, SessionEntry, TodoItem } from '../../../shared/session';
import { ALSO_CARRIED_HEADING, fenceAfter, PINNED_HEADING, withFenceClosed, type Fence } from '../../../shared/handoffSections';
import { handoffExchangeTracker } from '../../../shared/sessionFormat';
import { citation } from './sources';

/** At most this many identifiers: the user's own first, then the tools', newest first. */
export const MAX_IDENTIFIERS = 50;
/** A last request longer than this is carried cut, with "…". */
const MAX_REQUEST_CHARS = 2_000;
/** Of a tool's output only the start is read (a 1 MB file listing would name everything). */
const TOOL_OUTPUT_CHARS = 20_000;

interface Sources {
  todos: readonly TodoItem[];
  /** The ids of the pinned message entries. */
  pinned: ReadonlySet<string>;
}

/**
 * What must survive, from the branch, in the order it is appended; `inDocument` still unknown (false).
 * What a pinned message carries word for word is not an item of its own: the last request when it is
 * pinned, an identifier its text holds.
 */
export function extractCarryOver(branch: readonly SessionEntry[], { todos, pinned }: Sources): CarryOverItem[] {
  const inHandoff = handoffExchangeTracker();
  let request: { text: string; pinned: boolean } | undefined;
  const files = new Set<string>();
  const pins: string[] = [];
  const userTexts: string[] = [];
  const toolTexts: string[] = [];
  for (const entry of branch) {
    if (entry.type !== 'message' || inHandoff(entry.message)) continue;
    const message = entry.message;
    if (pinned.has(entry.id)) {
      const text = textOf(message);
      if (text.trim()) pins.push(text);
    }
    if (message.role !== 'user') continue;
    for (const block of message.content) {
      if (block.type === 'image' || block.type === 'document') files.add(block.name);
      else if (block.type === 'tool_result') toolTexts.push(toolResultText(block.content).slice(0, TOOL_OUTPUT_CHARS));
    }
    const typed = textOf(message);
    if (typed.trim() && message.purpose === undefined) {
      userTexts.push(typed);
      request = { text: typed.trim(), pinned: pinned.has(entry.id) };
    }
  }
  const items: Array<Omit<CarryOverItem, 'id' | 'inDocument'>> = [];
  if (request !== undefined && !request.pinned) items.push({ kind: 'request', text: cut(request.text) });
  for (const todo of todos) if (todo.status !== 'completed') items.push({ kind: 'todo', text: todo.content });
  for (const name of files) items.push({ kind: 'attachment', text: name });
  for (const text of pins) items.push({ kind: 'pin', text });
  for (const id of identifiers(userTexts, toolTexts, pins)) items.push({ kind: 'identifier', text: id });
  const counts = new Map<CarryOverKind, number>();
  return items.map((item) => {
    const n = (counts.get(item.kind) ?? 0) + 1;
    counts.set(item.kind, n);
    return { id: `${item.kind}-${n}`, ...item, inDocument: false };
  });
}

/** The items with `inDocument` set for this document (a pin never counts: it travels word for word). */
export function checkCarryOver(document: string, items: readonly CarryOverItem[]): CarryOverItem[] {
  const loose = normalise(document);
  return items.map((item) => ({ ...item, inDocument: holds(document, loose, item) }));
}

function holds(document: string, loose: string, item: CarryOverItem): boolean {
  switch (item.kind) {
    case 'pin':
      return false;
    case 'identifier':
    case 'attachment':
      return document.includes(item.text);
    default:
      return loose.includes(normalise(item.text));
  }
}

/**
 * The document as it is handed off: the model's (or the user's edited) text, then under
 * `## Also carried over` every kept item it does not hold, then under `## Pinned (verbatim)` every kept
 * pinned message, word for word (its spaces and blank lines too). `keep`: the ids the user left ticked
 * (all when absent). A code block the text or a pinned message leaves open is closed after it, so the
 * headings that follow stay headings; a heading inside a pinned message is left as it is (the structure
 * check stops at `## Also carried over` / `## Pinned (verbatim)`).
 */
export function withCarryOver(
  document: string,
  items: readonly CarryOverItem[],
  keep: ReadonlySet<string> | undefined,
  numberOf: (pinText: string) => number | undefined = () => undefined,
): { document: string; carriedOver: { kept: number; total: number } } {
  const kept = items.filter((item) => item.inDocument || !keep || keep.has(item.id));
  const also = kept.filter((item) => !item.inDocument && item.kind !== 'pin');
  const pins = kept.filter((item) => item.kind === 'pin');
  const parts = [withFenceClosed(document.trimEnd())];
  if (also.length > 0) parts.push(`${ALSO_CARRIED_HEADING}\n\n${also.map(alsoLine).join('\n')}`);
  if (pins.length > 0) {
    const blocks = pins.map((pin) => {
      const n = numberOf(pin.text);
      return `### ${n === undefined ? 'Pinned message' : `Pinned message ${citation(n)}`}\n\n${withFenceClosed(pin.text)}`;
    });
    parts.push(`${PINNED_HEADING}\n\n${blocks.join('\n\n')}`);
  }
  return { document: parts.join('\n\n'), carriedOver: { kept: kept.length, total: items.length } };
}

function cut(request: string): string {
  return request.length > MAX_REQUEST_CHARS ? `${request.slice(0, MAX_REQUEST_CHARS).trimEnd()}…` : request;
}

function alsoLine(item: CarryOverItem): string {
  switch (item.kind) {
    case 'request':
      return `- Last request:\n${item.text.split('\n').map((line) => `  > ${line}`).join('\n')}`;
    case 'todo':
      return `- Open todo: ${item.text}`;
    case 'attachment':
      return `- Attached file (not carried over; attach it again if needed): ${item.text}`;
    default:
      return `- ${codeSpan(item.text)}`;
  }
}

function codeSpan(text: string): string {
  if (/^https?:\/\//.test(text)) return text;
  const ticks = '`'.repeat(Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length)) + 1);
  return ticks.length > 1 ? `${ticks} ${text} ${ticks}` : `\`${text}\``;
}

function textOf(message: AgentMessage): string {
  return message.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('\n');
}

function normalise(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}

const URL = /\bhttps?:\/\/[^\s<>"'`]+/g;
const INLINE_CODE = /(?<!`)`([^`\n]{2,200})`(?!`)/g;
/** A path with a folder: absolute, relative (./, ../, ~/) or a/b/c.ext; or a Windows one. */
const PATH =
  /(?<![\w./\\-])(?:(?:~|\.{1,2})?\/[\w.@-]{1,100}(?:\/[\w.@-]{1,100})*|[\w@-][\w.@-]{0,99}(?:\/[\w.@-]{1,100})*\/[\w@-][\w.@-]{0,99}\.[A-Za-z]\w{0,9}|[A-Za-z]:\\(?:[\w .@-]{1,100}\\)*[\w.@-]{1,100})/g;

/**
 * The identifiers written in these texts, each once: URLs, inline-code spans and file paths, outside
 * fenced code blocks. One that another holds (a path inside a URL or a code span) is not listed apart,
 * nor one a `carried` text (a pinned message) holds.
 */
export function identifiers(userTexts: readonly string[], toolTexts: readonly string[], carried: readonly string[] = []): string[] {
  const found: string[] = [];
  const seen = new Set<string>();
  const add = (id: string) => {
    if (found.length >= MAX_IDENTIFIERS || seen.has(id) || carried.some((text) => text.includes(id))) return;
    seen.add(id);
    found.push(id);
  };
  // Newest first within each: the cap keeps what the work is about now.
  for (const text of [...userTexts].reverse()) for (const id of identifiersIn(text)) add(id);
  for (const text of [...toolTexts].reverse()) for (const id of identifiersIn(text)) add(id);
  return found.filter((id) => !found.some((other) => other !== id && other.includes(id)));
}

function identifiersIn(text: string): string[] {
  const out: string[] = [];
  let prose = withoutFences(text);
  prose = prose.replace(URL, (url) => {
    out.push(url.replace(/[.,;:!?)\]}]+$/, ''));
    return ' ';
  });
  prose = prose.replace(INLINE_CODE, (_, code: string) => {
    if (code.trim()) out.push(code.trim());
    return ' ';
  });
  for (const match of prose.matchAll(PATH)) {
    const path = match[0].replace(/[.,;:!?]+$/, '');
    // "/" alone, "and/or", a date or a fraction are not paths.
    if (path.length > 2 && /[A-Za-z]/.test(path) && (/^[~./\\]|^[A-Za-z]:\\/.test(path) ? path.split(/[/\\]/).filter(Boolean).length >= 2 || /\.\w+$/.test(path) : true)) out.push(path);
  }
  return out;
}

/** The text with its fenced code blocks blanked out. */
function withoutFences(text: string): string {
  let fence: Fence | undefined;
  return text
    .split('\n')
    .map((line) => {
      const after = fenceAfter(fence, line);
      const fenced = fence !== undefined || after !== undefined;
      fence = after;
      return fenced ? '' : line;
    })
    .join('\n');
}
