// The structure check of a handoff document (SPEC §4.2, §4.3 "Your own sections"): which of the sections
// set it has. The core checks a document with it when it is handed off, the handoff card when it shows
// one. Lines inside fenced code blocks are never headings, and what Baton appends after the model's text
// (the carry-over and the pinned messages) is not part of the check.
import { HANDOFF_SECTIONS } from './texts';

/** The headings Baton appends after the model's text (SPEC §4.3), in this order. */
export const ALSO_CARRIED_HEADING = '## Also carried over';
export const PINNED_HEADING = '## Pinned (verbatim)';
const APPENDED = new Set([ALSO_CARRIED_HEADING, PINNED_HEADING]);

export interface DocumentLine {
  text: string;
  /** Inside a fenced code block (its fences included). */
  fenced: boolean;
}

/** The lines of the model's part of a document (up to what Baton appended), each marked fenced or not. */
export function documentLines(document: string): DocumentLine[] {
  const out: DocumentLine[] = [];
  let fence: Fence | undefined;
  for (const text of document.split('\n')) {
    const after = fenceAfter(fence, text);
    if (fence || after) {
      out.push({ text, fenced: true });
      fence = after;
      continue;
    }
    if (APPENDED.has(text.trim())) break;
    out.push({ text, fenced: false });
  }
  return out;
}

/** An open fenced code block: its fence's character and length. */
export interface Fence {
  char: string;
  length: number;
}

/** The fence open after `line`, given the one open before it (CommonMark's rules for ``` and ~~~). */
export function fenceAfter(fence: Fence | undefined, line: string): Fence | undefined {
  const marker = /^ {0,3}(`{3,}|~{3,})(.*)$/.exec(line);
  const run = marker?.[1];
  if (fence) {
    const closes = run !== undefined && run[0] === fence.char && run.length >= fence.length && !marker?.[2]?.trim();
    return closes ? undefined : fence;
  }
  // A backtick fence's info string has no backtick (else the line is inline code).
  if (run === undefined || (run[0] === '`' && marker?.[2]?.includes('`'))) return undefined;
  return { char: run[0] as string, length: run.length };
}

/**
 * The text with the fenced code block it leaves open closed: what Baton appends after it (a heading,
 * the next pinned message) is then not read as code, and the text itself stays as it was.
 */
export function withFenceClosed(text: string): string {
  let fence: Fence | undefined;
  for (const line of text.split('\n')) fence = fenceAfter(fence, line);
  return fence ? `${text}\n${fence.char.repeat(fence.length)}` : text;
}

/** The text of a level-2 heading (`## …`, not `###`), or undefined. */
export function levelTwoHeading(line: DocumentLine): string | undefined {
  if (line.fenced) return undefined;
  const match = /^ {0,3}##(?!#)\s+(.*?)(?:\s+#+)?\s*$/.exec(line.text);
  return match?.[1] || undefined;
}

/**
 * Whether a line is the heading of section `name`: without its Markdown decoration (#, numbering, bold,
 * a trailing colon) it is the name ("and" stands for "&"), or the name with a translation beside it
 * ("Goal (เป้าหมาย)", "เป้าหมาย (Goal)", "Goal / 目标").
 */
export function namesSection(line: DocumentLine, name: string): boolean {
  if (line.fenced) return false;
  const key = sectionKey(line.text);
  const want = sectionKey(name);
  if (!key || !want) return false;
  if (key === want) return true;
  // A translation beside the name only in a heading proper, never in a line of text.
  if (!/^\s*(#|\*\*|__)/.test(line.text)) return false;
  if (key.startsWith(want) && /^\s*[(（/|—–-]/.test(key.slice(want.length))) return true;
  const tail = key.replace(/[)）]\s*$/, '');
  return tail.endsWith(want) && /[(（/|—–-]\s*$/.test(tail.slice(0, -want.length));
}

/**
 * The sections (of `sections`, in order) the document lacks. A document whose level-2 headings are
 * exactly as many as the sections, each one that names a section standing in that section's place,
 * has them all, whatever language they are written in.
 */
export function findMissingSections(document: string, sections: readonly string[] = HANDOFF_SECTIONS): string[] {
  const lines = documentLines(document);
  if (hasSectionsByPlace(lines, sections)) return [];
  return sections.filter((name) => !lines.some((line) => namesSection(line, name)));
}

/** The index in `lines` of the first section's heading: by its name, else by place (level-2 headings). */
export function firstSectionLine(lines: readonly DocumentLine[], sections: readonly string[] = HANDOFF_SECTIONS): number {
  const first = sections[0];
  const named = first === undefined ? -1 : lines.findIndex((line) => namesSection(line, first));
  if (named >= 0 || !hasSectionsByPlace(lines, sections)) return named;
  return lines.findIndex((line) => levelTwoHeading(line) !== undefined);
}

function hasSectionsByPlace(lines: readonly DocumentLine[], sections: readonly string[]): boolean {
  const headings = lines.filter((line) => levelTwoHeading(line) !== undefined);
  if (headings.length !== sections.length) return false;
  return headings.every((heading, i) => sections.every((name, j) => j === i || !namesSection(heading, name)));
}

/** A line as a section heading is compared: without its Markdown decoration, in lower case. */
export function sectionKey(line: string): string {
  return line
    .trim()
    .replace(/^#{1,6}\s*/, '')
    .replace(/^\d+[.)]\s*/, '')
    .replace(/[*_]/g, '')
    .replace(/[:：]\s*$/, '')
    .replace(/\s+and\s+/gi, ' & ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}
