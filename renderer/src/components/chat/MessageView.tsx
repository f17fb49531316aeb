// One message: its files, thinking, text and tool calls, how it ended, and its actions (or, while it is
// being edited, the edit box in place of its text; its files stay with it). The reply being streamed is
// shown by the same view, its text only, no actions yet: when it settles, its Markdown is kept as drawn.
import { useEffect, useRef } from 'react';
import { isAttachment } from '../../../../shared/attachments';
import type { AgentMessage } from '../../../../shared/session';
import { useT } from '../../hooks/useLanguage';
import { useBaton } from '../../store/StoreProvider';
import { uiTexts } from '../../texts';
import { Markdown } from './Markdown';
import { MessageActions } from './MessageActions';
import { MessageAttachments } from './MessageAttachments';
import { MessageEditor } from './MessageEditor';
import { MessageStatus } from './MessageStatus';
import { RedactedThinking, ThinkingSection } from './ThinkingSection';
import { ToolCall } from './ToolCall';
import { replyParts } from './replyParts';
import { ServerToolCall, Sources } from './ServerToolCall';

export function MessageView({ message, itemKey, streaming = false }: { message: AgentMessage; itemKey: string; streaming?: boolean }) {
  const isUser = message.role === 'user';
  const files = message.content.filter(isAttachment);
  const editing = useBaton((s) => s.messageEdit?.entryId === itemKey);
  const pinned = useBaton((s) => s.session?.pinned.includes(itemKey) ?? false);
  const editButton = useRef<HTMLButtonElement>(null);
  const t = useT();
  const wasEditing = useRef(editing);
  useEffect(() => {
    // Cancel puts the keyboard back where the edit started.
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  return (
    <div data-testid="message-row" className={`message-block ${message.role}`}>
      <article data-testid="message" className={streaming ? 'message assistant streaming' : `message ${message.role}`} aria-busy={streaming || undefined}>
        <div className="message-role">
          {isUser ? t('chat.you') : t('chat.claude')}
          {pinned && <PinMarker />}
        </div>
        {files.length > 0 && <MessageAttachments blocks={files} />}
        {editing ? <MessageEditor /> : <MessageContent message={message} streaming={streaming} />}
        {!streaming && <MessageStatus message={message} itemKey={itemKey} />}
      </article>
      {!editing && !streaming && <MessageActions message={message} entryKey={itemKey} editButton={editButton} />}
    </div>
  );
}

/** A pinned message's mark (SPEC §4.3): its text goes word for word into the next handoff. */
function PinMarker() {
  return (
    <span className="pin-marker" role="img" aria-label={uiTexts.pinned} title={uiTexts.pinned}>
      <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <path d="M10.5 1.5 14.5 5.5 12 6.5 9.5 9 9.5 12.5 8 14 5.5 11.5 2 15 1 14 4.5 10.5 2 8 3.5 6.5 7 6.5 9.5 4Z" />
      </svg>
    </span>
  );
}

/** The message's blocks in order: text (a run of text blocks as one), thinking, tool calls; then its sources. */
function MessageContent({ message, streaming }: { message: AgentMessage; streaming: boolean }) {
  const { parts, sources } = replyParts(message.content);
  const isUser = message.role === 'user';
  const t = useT();
  if (streaming && parts.length === 0) return <p className="typing">{t('chat.replyPending')}</p>;
  return (
    <>
      {parts.map((part) => {
        if (part.kind === 'text') {
          // The user's own words are shown as typed; the model's are Markdown.
          return isUser ? (
            <p key={part.key} className="user-text">
              {part.text}
            </p>
          ) : (
            <Markdown key={part.key} text={part.text} streaming={streaming} />
          );
        }
        const { block } = part;
        switch (block.type) {
          case 'tool_use':
            return <ToolCall key={block.id} block={block} />;
          case 'thinking':
            return block.thinking.trim() ? <ThinkingSection key={part.key} text={block.thinking} /> : null;
          case 'redacted_thinking':
            return <RedactedThinking key={part.key} />;
          case 'raw':
            return <ServerToolCall key={part.key} block={block.block} content={message.content} />;
          default:
            return null; // tool results are shown with their calls, files above
        }
      })}
      {sources.length > 0 && <Sources sources={sources} />}
    </>
  );
}
