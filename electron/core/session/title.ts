// Sidebar titles (SPEC §2): the explicit title, else the first user message, shortened.
import type { AgentMessage } from '../../../shared/session';

/** A session with no title and no message yet: each view names it, in its own language ("New session"). */
export const UNTITLED = '';
export const TITLE_MAX_CHARS = 60;

/** Whitespace collapsed, cut to about `max` characters on a word boundary where one is near, with "…". */
export function shortenTitle(text: string, max = TITLE_MAX_CHARS): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat; // code units ≥ code points, so it fits
  // Code points, so an emoji or other astral character is never cut in half.
  const chars = Array.from(flat.slice(0, max * 2));
  if (chars.length <= max && flat.length <= max * 2) return flat;
  let cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  if (space >= max * 0.6) cut = cut.slice(0, space);
  return `${cut.trimEnd()}…`;
}

/**
 * The text a user typed, or for files sent without text their names; undefined for tool-result messages
 * (user-role, but not typed by the user).
 */
export function userText(message: AgentMessage): string | undefined {
  if (message.role !== 'user') return undefined;
  let text = '';
  let names = '';
  for (const block of message.content) {
    if (block.type === 'text') text += (text ? '\n' : '') + block.text;
    else if (block.type === 'image' || block.type === 'document') names += (names ? ', ' : '') + block.name;
  }
  if (text.trim()) return text;
  return names || undefined;
}
