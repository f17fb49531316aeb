// A session with nothing in it yet: what Baton is for (handoff) and the keys that matter.
import { shortcutLabel } from '../../lib/shortcuts';

export function EmptyChat() {
  const shortcuts: [keys: string, does: string][] = [
    [shortcutLabel('H', { shift: true }), 'Hand off to a fresh session'],
    ['/handoff [focus]', 'Hand off at once, with what to focus on'],
    [shortcutLabel('N'), 'New session'],
    [shortcutLabel('K'), 'Search sessions'],
    ['/', 'Commands'],
  ];
  return (
    <section className="chat-empty" aria-label="Conversation">
      <div className="empty-intro">
        <h2>Start a conversation</h2>
        <p>
          Write to Claude below. When the conversation grows long, <strong>hand it off</strong>: Claude writes a handoff document — goal,
          progress, decisions, next steps — and a fresh session continues from it, with the context it needs and nothing more.
        </p>
        <dl className="shortcut-list">
          {shortcuts.map(([keys, does]) => (
            <div key={keys}>
              <dt>
                <kbd>{keys}</kbd>
              </dt>
              <dd>{does}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
