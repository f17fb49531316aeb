// The structure check of a handoff document (SPEC §4.2): which of the six sections it has. The core
// checks a document with it when it is handed off, the handoff card when it shows one.
import { HANDOFF_SECTIONS } from './texts';

/**
 * The section headings the document lacks. A heading is a line that, without its Markdown decoration
 * (#, numbering, bold, a trailing colon), is the section's name; "and" stands for "&".
 */
export function findMissingSections(document: string): string[] {
  const headings = new Set(document.split('\n').map(sectionKey));
  return HANDOFF_SECTIONS.filter((name) => !headings.has(sectionKey(name)));
}

/** A line as a section heading is compared: without its Markdown decoration, in lower case. */
export function sectionKey(line: string): string {
  return line
    .trim()
    .replace(/^#{1,6}\s*/, '')
    .replace(/^\d+[.)]\s*/, '')
    .replace(/[*_]/g, '')
    .replace(/:\s*$/, '')
    .replace(/\s+and\s+/gi, ' & ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}
