// The handoff document (SPEC §4): the prompt that asks for it, its capture from the reply,
// the new session's title taken from it, and the streaming preview of it.
import type { AgentMessage, SessionEntry } from '../../../shared/session';
import { sectionKey } from '../../../shared/handoffSections';
import { HANDOFF_PROMPT_OPENING } from '../../../shared/sessionFormat';
import { HANDOFF_SECTIONS } from '../../../shared/texts';
import type { TextEventFormat } from '../agent/eventBatcher';
import { shortenTitle, TITLE_MAX_CHARS } from '../session/title';

/** The document's output budget: far more than a normal document needs, so one is never cut off. */
export const HANDOFF_MAX_TOKENS = 16_384;

const SECTION_GUIDE: Record<(typeof HANDOFF_SECTIONS)[number], string> = {
  Goal: 'what the user is trying to achieve, in their terms',
  'Constraints & Preferences': 'requirements, limits and the way the user wants things done',
  Progress: 'what is done and what is under way, with the concrete results (files, commands, figures)',
  'Key Decisions': 'what was decided and why, including options that were rejected',
  'Critical Context': 'facts, names, values, errors and references the next session cannot do without',
  'Next Steps': 'the concrete next actions, in order',
};

/** Step 2: `message` entries in the branch, counted up to `enough` (a long session is not walked whole). */
export function countMessageEntries(branch: readonly SessionEntry[], enough: number): number {
  let count = 0;
  for (const entry of branch) if (entry.type === 'message' && ++count >= enough) break;
  return count;
}

/** An attached file of the conversation, as the handoff prompt names it. */
export interface AttachedFile {
  name: string;
  kind: 'image' | 'PDF';
}

/** The images and PDFs the conversation carries, in order, each name once. */
export function attachedFiles(messages: readonly AgentMessage[]): AttachedFile[] {
  const files = new Map<string, AttachedFile>();
  for (const message of messages) {
    for (const block of message.content) {
      if (block.type === 'image' || block.type === 'document') {
        files.set(block.name, { name: block.name, kind: block.type === 'image' ? 'image' : 'PDF' });
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

/**
 * Step 3: the prompt asking for the six-section document, plus the user's focus when given. The document
 * is text, and the next session gets nothing else: the files attached here are named, so their content
 * is carried over in words and the user knows which to attach again; so are the tools used and the
 * files and URLs they touched.
 */
export function buildHandoffPrompt(customInstructions?: string, files: readonly AttachedFile[] = [], used: ToolsUsed = { tools: [], touched: [] }): string {
  const sections = HANDOFF_SECTIONS.map((name) => `## ${name}\n(${SECTION_GUIDE[name]})`).join('\n\n');
  const prompt =
    `${HANDOFF_PROMPT_OPENING} and will see nothing of this ` +
    'conversation except the document you write now. Write a structured handoff document that lets it ' +
    'continue seamlessly.\n\n' +
    `Use exactly these six sections, each as a Markdown heading:\n\n${sections}\n\n` +
    'Be specific and complete, but concise. Reply with the document only.' +
    (files.length > 0 ? `\n\n${attachmentsNote(files)}` : '') +
    (used.tools.length > 0 ? `\n\n${toolsNote(used)}` : '');
  const focus = customInstructions?.trim();
  return focus ? `${prompt}\n\nAdditional focus: ${focus}` : prompt;
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
 * A title for the handed-off session: the first line of the document's Goal (what the work is about),
 * else the parent's title. Without it every handed-off session would be called "New session". It is
 * never one the chain already uses (the parent's, or `inUse`: the other sessions of its handoff tree),
 * or two sessions of a chain would read the same: "<title> (2)", "(3)"… instead.
 */
export function handoffTitle(document: string, parentTitle: string, inUse: readonly string[] = []): string {
  const sections = new Set(HANDOFF_SECTIONS.map(sectionKey));
  const lines = document.split('\n');
  const goal = lines.findIndex((line) => sectionKey(line) === sectionKey(HANDOFF_SECTIONS[0]));
  const first = goal < 0 ? undefined : lines.slice(goal + 1).find((line) => line.trim());
  const isText = first !== undefined && !sections.has(sectionKey(first));
  const text = isText ? first.replace(/^[\s>*+-]+/, '').replace(/[*_`#]/g, '').trim() : '';
  return distinctTitle(shortenTitle(text || parentTitle), [parentTitle, ...inUse]);
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
