// The conversation area: an empty state, or the virtualized list of the open session. The list is
// keyed by session, so switching sessions starts a fresh list that opens at its end.
import { useBaton } from '../../store/StoreProvider';
import { ChatList } from './ChatList';

export function ChatView() {
  const sessionId = useBaton((s) => s.session?.header.id ?? '');
  const isEmpty = useBaton((s) => s.chat.items.length === 0);
  if (isEmpty) {
    return (
      <section className="chat-empty" aria-label="Conversation">
        <p>No messages yet. Write one below, or type / for commands.</p>
      </section>
    );
  }
  return <ChatList key={sessionId} />;
}
