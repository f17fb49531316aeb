// The session format's names (SPEC §2, §4.1 step 8): the custom message types Baton writes and the
// handoff document's wrapper. Core writes them and the renderer reads them; both take them from here.

/** `customType` values of the `custom_message` entries Baton writes. */
export const CustomType = {
  /** The handoff document that seeds a handed-off session (shown as a card). */
  handoff: 'handoff',
  /** Open todos carried into a handed-off session (hidden; details: { todos }). */
  todos: 'todos',
  /** Context queued for the next user prompt, such as the todo reminder (hidden). */
  nextTurn: 'next_turn',
} as const;

/**
 * How the handoff prompt begins. Sessions written before handoff messages were marked (`purpose:
 * 'handoff'`) are recognised by it, so their handoff exchanges stay out of the model's context too.
 */
export const HANDOFF_PROMPT_OPENING = 'This session is being handed off: a fresh session will continue the work';

/** The parts of a message this needs; structural, so shared/ stays free of the session schemas. */
interface MessageLike {
  role: 'user' | 'assistant';
  purpose?: string | undefined;
  content: ReadonlyArray<{ type: string; text?: string }>;
}

/**
 * Tells, message by message in branch order, which ones belong to a handoff exchange: those marked
 * `purpose: 'handoff'`, and in older sessions an unmarked handoff prompt and what followed it up to the
 * next prompt the user typed.
 */
export function handoffExchangeTracker(): (message: MessageLike) => boolean {
  let inUnmarked = false;
  return (message) => {
    if (message.purpose === 'handoff') return true;
    const typed = message.role === 'user' && message.content.some((block) => block.type === 'text');
    const first = message.content[0];
    if (typed && message.purpose === undefined && first?.type === 'text' && first.text?.startsWith(HANDOFF_PROMPT_OPENING)) {
      inUnmarked = true;
    } else if (typed) {
      inUnmarked = false;
    }
    return inUnmarked;
  };
}

/**
 * The model changes a reader is told of ("Model changed to …"), in branch order: a model_change counts
 * before the message it was written for, and only when the conversation's model really changed. A
 * session's first model_change records the model it started with, and a handoff run's records the
 * handoff model (the chat's own model is recorded again after it): neither is a change the user made.
 * The chat and the Markdown export both tell them this way.
 */
export function modelChangeTracker<E extends { model: string }>(from: ModelChanges<E> = {}) {
  let { current, pending } = from;
  return {
    recorded(entry: E): void {
      pending = entry;
    },
    /** The change to tell before this message, if there is one. */
    beforeMessage(inHandoffExchange: boolean): E | undefined {
      const change = pending;
      pending = undefined;
      if (!change || inHandoffExchange) return undefined;
      const changed = current !== undefined && change.model !== current;
      current = change.model;
      return changed ? change : undefined;
    },
    /** Where it stands, for a live chat to go on from (entries keep arriving after the branch was read). */
    state(): ModelChanges<E> {
      return { ...(current !== undefined && { current }), ...(pending && { pending }) };
    },
  };
}

/** A modelChangeTracker's state: the model the conversation was last told in, and a change not yet placed. */
export interface ModelChanges<E> {
  current?: string;
  pending?: E;
}

/** The header's `origin` of a session started by a handoff. */
export const HANDOFF_ORIGIN = 'handoff';

/** The header's `origin` of a session made by Import session from another file (its `importedFrom` says which). */
export const IMPORT_ORIGIN = 'import';

const OPEN_TAG = '<handoff-context>';
const CLOSE_TAG = '</handoff-context>';
const OPEN = `${OPEN_TAG}\n`;
const CLOSE =
  `\n${CLOSE_TAG}\n\n` +
  'The above is a handoff document from a previous session. Use this context to continue the work seamlessly.';

/** Step 8: the exact content of the handoff custom_message. */
export function wrapHandoffDocument(document: string): string {
  return `${OPEN}${document}${CLOSE}`;
}

/**
 * The document inside the wrapper. The wrapper is fixed text around the document, so it is cut off by
 * position, never by searching for the closing tag: a document that itself contains
 * `</handoff-context>` comes back whole. Content with another closing sentence (a hand-edited file) is
 * cut at the last closing tag; content without the wrapper is returned as it is.
 */
export function unwrapHandoffDocument(content: string): string {
  if (content.startsWith(OPEN) && content.endsWith(CLOSE) && content.length >= OPEN.length + CLOSE.length) {
    return content.slice(OPEN.length, content.length - CLOSE.length);
  }
  const end = content.lastIndexOf(CLOSE_TAG);
  if (content.startsWith(OPEN_TAG) && end > 0) return content.slice(OPEN_TAG.length, end).trim();
  return content.trim();
}
