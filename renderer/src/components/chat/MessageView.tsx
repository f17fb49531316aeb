// One settled message: its thinking, text and tool calls, and how it ended.
import type { AgentMessage } from '../../../../shared/session';
import { Markdown } from './Markdown';
import { isAttachment, MessageAttachments } from './MessageAttachments';
import { MessageStatus } from './MessageStatus';
import { RedactedThinking, ThinkingSection } from './ThinkingSection';
import { ToolCall } from './ToolCall';

export function MessageView({ message, itemKey }: { message: AgentMessage; itemKey: string }) {
  const isUser = message.role === 'user';
  const files = message.content.filter(isAttachment);
  return (
    <article data-testid="message" className={`message ${message.role}`}>
      <div className="message-role">{isUser ? 'You' : 'Claude'}</div>
      {files.length > 0 && <MessageAttachments blocks={files} />}
      {message.content.map((block, i) => {
        switch (block.type) {
          case 'text':
            // The user's own words are shown as typed; the model's are Markdown.
            return isUser ? (
              <p key={i} className="user-text">
                {block.text}
              </p>
            ) : (
              <Markdown key={i} text={block.text} />
            );
          case 'tool_use':
            return <ToolCall key={block.id} block={block} />;
          case 'thinking':
            return block.thinking.trim() ? <ThinkingSection key={i} text={block.thinking} /> : null;
          case 'redacted_thinking':
            return <RedactedThinking key={i} />;
          default:
            return null; // tool results are shown with their calls, files above; blocks Baton does not know are kept, not shown
        }
      })}
      <MessageStatus message={message} itemKey={itemKey} />
    </article>
  );
}
