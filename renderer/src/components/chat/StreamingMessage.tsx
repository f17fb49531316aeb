// The reply being streamed. Only this row re-renders as text arrives (once per frame at most); its
// Markdown is rendered block by block (BlockMarkdown), so one huge delta never blocks the page. The
// settled message replaces it and renders as any other.
import { useBaton } from '../../store/StoreProvider';
import { Markdown } from './Markdown';

export function StreamingMessage() {
  const text = useBaton((s) => s.chat.stream?.text ?? '');
  return (
    <article data-testid="message" className="message assistant streaming" aria-busy="true">
      <div className="message-role">Claude</div>
      {text ? <Markdown text={text} streaming /> : <p className="typing">Thinking…</p>}
    </article>
  );
}
