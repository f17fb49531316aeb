// What full-text search looks at in an entry: the text the chat shows for it. Typed prompts, replies and
// shown context (the handoff card) count; tool calls and their output, thinking, and the hidden messages
// of a handoff exchange do not. A snippet quotes it as the chat shows it: replies and the handoff
// document are Markdown, shown without their markup.
import { markdownShownText } from '../../../shared/markdownText';
import type { SessionEntry } from '../../../shared/session';
import { CustomType, HANDOFF_PROMPT_OPENING, unwrapHandoffDocument } from '../../../shared/sessionFormat';

export function searchableText(entry: SessionEntry): string | undefined {
  if (entry.type === 'custom_message') {
    if (!entry.display) return undefined;
    const text = entry.customType === CustomType.handoff ? unwrapHandoffDocument(entry.content) : entry.content;
    return text.trim() ? text : undefined;
  }
  if (entry.type !== 'message' || entry.message.purpose === 'handoff') return undefined;
  let text = '';
  for (const block of entry.message.content) if (block.type === 'text') text += (text ? '\n' : '') + block.text;
  // A handoff prompt written before those were marked is hidden too.
  if (!text.trim() || text.startsWith(HANDOFF_PROMPT_OPENING)) return undefined;
  return text;
}

/** The searchable text as the chat shows it, for a snippet to quote. */
export function shownText(entry: SessionEntry): string | undefined {
  const text = searchableText(entry);
  if (text === undefined) return undefined;
  const isMarkdown = entry.type === 'message' ? entry.message.role !== 'user' : entry.type === 'custom_message' && entry.customType === CustomType.handoff;
  return isMarkdown ? markdownShownText(text) : text;
}
