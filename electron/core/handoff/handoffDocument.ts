// The handoff document (SPEC §4): the prompt that asks for it, its capture from the reply,
// the new session's title taken from it, and the streaming preview of it.
import type { AgentMessage, AttachmentBlock, SessionEntry } from '../../../shared/session';
import { documentLines, firstSectionLine, levelTwoHeading, namesSection } from '../../../shared/handoffSections';
import { DEFAULT_HANDOFF_INSTRUCTIONS, SECTIONS_PLACEHOLDER, type HandoffInstructions } from '../../../shared/settings';
import { HANDOFF_SECTIONS } from '../../../shared/texts';
import type { TextEventFormat } from '../agent/eventBatcher';
import { shortenTitle, TITLE_MAX_CHARS } from '../session/title';

/** The document's output budget: far more than a normal document needs, so one is never cut off. */
export const HANDOFF_MAX_TOKENS = 16_384;

/**
 * Chains (SPEC §4.3): the previous document goes into the prompt cut to this many tokens (~4 chars
 * each), and the prompt asks for an updated one that drops what is done, so a chain's document does not
 * grow with every handoff.
 */
export const PREVIOUS_DOCUMENT_MAX_TOKENS = 3_000;

/** What each of the default sections is for; a section of the user's own is named only. */
const SECTION_GUIDE: Record<string, string> = {
  Goal: 'what the user is trying to achieve, in their terms',
  'Constraints & Preferences': 'requirements, limits and the way the user wants things done',
  Progress: 'what is done and what is under way, with the concrete results (files, commands, figures)',
  'Key Decisions': 'what was decided and why, including options that were rejected',
  'Critical Context': 'facts, names, values, errors and references the next session cannot do without',
  'Next Steps': 'the concrete next actions, in order',
};

const SOURCES_NOTE =
  'Each message of this conversation begins with its number, [#n]. After each fact, decision or result ' +
  'in the document, cite the message it comes from as [#n]. In Progress, write each item as a checklist ' +
  'item: `- [x]` for what is done, citing the message that shows it done, `- [ ]` for what is not.';

/** Step 2: `message` entries in the branch, counted up to `enough` (a long session is not walked whole). */
export function countMessageEntries(branch: readonly SessionEntry[], enough: number): number {
  let count = 0;
  for (const entry of branch) if (entry.type === 'message' && ++count >= enough) break;
  return count;
}

/** An attached file of the conversation, as the handoff prompt names it. */
export interface AttachedFile {
  name: string;
  kind: 'image' | 'PDF' | 'text file';
}

/** The images, PDFs and text files the conversation carries, in order, each name once. */
export function attachedFiles(messages: readonly AgentMessage[]): AttachedFile[] {
  const files = new Map<string, AttachedFile>();
  for (const message of messages) {
    for (const block of message.content) {
      if (block.type === 'image' || block.type === 'document') {
        files.set(block.name, { name: block.name, kind: fileKind(block) });
      }
    }
  }
  return [...files.values()];
}

/** The tools the conversation used, and the files and URLs their inputs named, as the handoff prompt lists them. */
export interface ToolsUsed {
  /** Each tool's name once, in the order first used. */
  tools: string[];
  /** Paths and URLs from the calls' inputs, each once, in order. */
  touched: string[];
}

const MAX_TOUCHED = 40;
const URL_IN_TEXT = /\bhttps?:\/\/[^\s"'<>()]+/g;
/** A whole value that reads as a file path: absolute, home-relative, relative with a slash, or a Windows drive. */
const PATH_VALUE = /^(?:\/|~\/|\.{1,2}\/|[A-Za-z]:[\\/])[^\n]{0,300}$|^[\w.-]+\/[\w./-]+$/;

/** What the calls of the conversation (its own tools and Claude's server tools) used and touched. */
export function toolsUsed(messages: readonly AgentMessage[]): ToolsUsed {
  const tools = new Set<string>();
  const touched = new Set<string>();
  const look = (value: unknown, depth = 0): void => {
    if (touched.size >= MAX_TOUCHED || depth > 4) return;
    if (typeof value === 'string') {
      const urls = value.match(URL_IN_TEXT) ?? [];
      for (const url of urls) touched.add(url);
      if (urls.length === 0 && value.length <= 300 && PATH_VALUE.test(value.trim())) touched.add(value.trim());
    } else if (Array.isArray(value)) for (const item of value) look(item, depth + 1);
    else if (typeof value === 'object' && value !== null) for (const item of Object.values(value)) look(item, depth + 1);
  };
  for (const message of messages) {
    for (const block of message.content) {
      if (block.type === 'tool_use') {
        tools.add(block.name);
        look(block.input);
      } else if (block.type === 'raw' && block.block.type === 'server_tool_use' && typeof block.block.name === 'string') {
        tools.add(block.block.name);
        look(block.block.input);
      }
    }
  }
  return { tools: [...tools], touched: [...touched].slice(0, MAX_TOUCHED) };
}

export interface PromptOptions {
  /** The user's own instructions (Settings → Handoff instructions); default: Baton's. */
  instructions?: HandoffInstructions;
  /** Chains: the document this session was itself handed off with. */
  previous?: string;
  /** The tools the conversation used and what they touched. */
  tools?: ToolsUsed;
}

/**
 * Step 3: the prompt asking for the sectioned document (the user's own prompt and sections when set),
 * how to cite the numbered messages, the previous document of a chain, and the user's focus when given.
 * The document is text, and the next session gets nothing else: the files attached here are named, so
 * their content is carried over in words and the user knows which to attach again; so are the tools used
 * and the files and URLs they touched.
 */
export function buildHandoffPrompt(customInstructions?: string, files: readonly AttachedFile[] = [], options: PromptOptions = {}): string {
  const { prompt: text, sections } = options.instructions ?? DEFAULT_HANDOFF_INSTRUCTIONS;
  const list = sections.map((name) => (SECTION_GUIDE[name] ? `## ${name}\n(${SECTION_GUIDE[name]})` : `## ${name}`)).join('\n\n');
  const body = text.includes(SECTIONS_PLACEHOLDER) ? text.replace(SECTIONS_PLACEHOLDER, () => list) : `${text}\n\n${list}`;
  const parts = [body, SOURCES_NOTE];
  if (files.length > 0) parts.push(attachmentsNote(files));
  if (options.tools?.tools.length) parts.push(toolsNote(options.tools));
  if (options.previous?.trim()) parts.push(previousNote(options.previous));
  const focus = customInstructions?.trim();
  if (focus) parts.push(`Additional focus: ${focus}`);
  return parts.join('\n\n');
}

function previousNote(previous: string): string {
  const max = PREVIOUS_DOCUMENT_MAX_TOKENS * 4;
  const trimmed = previous.length > max ? `${previous.slice(0, max).trimEnd()}\n[… the rest of the previous document is left out here]` : previous;
  return (
    'This session itself began from a handoff document, the one below. Write an updated document: keep ' +
    'what still holds, bring it up to date with what happened since, and drop what is done and no longer ' +
    'needed, so that it is not longer than the previous one unless the new work needs it.\n\n' +
    `<previous-handoff>\n${trimmed}\n</previous-handoff>`
  );
}

function fileKind(block: AttachmentBlock): AttachedFile['kind'] {
  if (block.type === 'image') return 'image';
  return block.source.type === 'text' ? 'text file' : 'PDF';
}

function attachmentsNote(files: readonly AttachedFile[]): string {
  const list = files.map((f) => `${f.name} (${f.kind})`).join(', ');
  return (
    `The user attached these files to this conversation: ${list}. The next session will not see them. ` +
    'Name each one in the document and write down what the next session needs from it.'
  );
}

function toolsNote({ tools, touched }: ToolsUsed): string {
  const what = touched.length > 0 ? ` Their calls named these files and URLs: ${touched.join(', ')}.` : '';
  return (
    `This conversation used these tools: ${tools.join(', ')}.${what} ` +
    'In the document, say what each tool was used for and what it found or changed, and name the files and URLs that matter for what comes next.'
  );
}

/** Step 5: the last assistant message's text blocks, joined with \n ('' when there is none). */
export function lastAssistantText(messages: readonly AgentMessage[]): string {
  const last = lastAssistant(messages);
  if (!last) return '';
  return last.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n');
}

export function lastAssistant(messages: readonly AgentMessage[]): AgentMessage | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (message?.role === 'assistant') return message;
  }
  return undefined;
}

/**
 * A title for the handed-off session: the first line of the document's first section (Goal: what the
 * work is about; found by its name, or by its place when the headings are in another language), else the
 * parent's title. Without it every handed-off session would be called "New session". It is never one the
 * chain already uses (the parent's, or `inUse`: the other sessions of its handoff tree), or two sessions
 * of a chain would read the same: "<title> (2)", "(3)"… instead.
 */
export function handoffTitle(document: string, parentTitle: string, inUse: readonly string[] = [], sections: readonly string[] = HANDOFF_SECTIONS): string {
  const lines = documentLines(document);
  const first = firstSectionLine(lines, sections);
  const line = first < 0 ? undefined : lines.slice(first + 1).find((l) => l.text.trim());
  const isText = line !== undefined && !line.fenced && levelTwoHeading(line) === undefined && !sections.some((name) => namesSection(line, name));
  const text = isText ? line.text.replace(/^[\s>*+-]+/, '').replace(/^\[[ xX]\]\s*/, '').replace(/\s*\[#\d+\]/g, '').replace(/[*_`#]/g, '').trim() : '';
  const title = shortenTitle(text || parentTitle);
  return title ? distinctTitle(title, [parentTitle, ...inUse]) : title; // untitled, as its parent was
}

/** `title`, or the first "<title> (n)" from 2 up that `taken` does not hold (letter case and spacing aside). */
function distinctTitle(title: string, taken: readonly string[]): string {
  const key = (t: string) => t.replace(/\s+/g, ' ').trim().toLowerCase();
  const used = new Set(taken.map(key));
  if (!used.has(key(title))) return title;
  const base = title.replace(/\s\(\d+\)$/, '');
  for (let n = 2; ; n++) {
    const suffix = ` (${n})`;
    const numbered = shortenTitle(base, TITLE_MAX_CHARS - suffix.length) + suffix;
    if (!used.has(key(numbered))) return numbered;
  }
}

/** The streaming preview: each event carries the whole document so far, so a late subscriber shows all of it. */
export function handoffPreview(): TextEventFormat {
  let text = '';
  return (sessionId, delta) => ({ type: 'handoff_progress', sessionId, phase: 'generating', text: (text += delta) });
}
