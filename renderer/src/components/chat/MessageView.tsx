// One settled message: its text and tool calls, and whether it was stopped or failed.
import type { AgentMessage } from '../../../../shared/session';
import { uiTexts } from '../../texts';
import { Markdown } from './Markdown';
import { ToolCall } from './ToolCall';

export function MessageView({ message }: { message: AgentMessage }) {
  const isUser = message.role === 'user';
  return (
    <article data-testid="message" className={`message ${message.role}`}>
      <div className="message-role">{isUser ? 'You' : 'Claude'}</div>
      {message.content.map((block, i) => {
        if (block.type === 'text') {
          // The user's own words are shown as typed; the model's are Markdown.
          return isUser ? (
            <p key={i} className="user-text">
              {block.text}
            </p>
          ) : (
            <Markdown key={i} text={block.text} />
          );
        }
        if (block.type === 'tool_use') return <ToolCall key={block.id} block={block} />;
        return null; // tool results are shown with the call that asked for them
      })}
      {message.aborted && <p className="message-flag stopped">{uiTexts.stopped}</p>}
      {message.errorMessage && <p className="message-flag failed">{uiTexts.failed(message.errorMessage)}</p>}
    </article>
  );
}
