// The conversation area: an empty state that introduces handoff, or the virtualized list of the open
// session. The list is keyed by session, so switching sessions starts a fresh list that opens at its end.
import { useBaton } from '../../store/StoreProvider';
import { ChatList } from './ChatList';
import { EmptyChat } from './EmptyChat';

export function ChatView() {
  const sessionId = useBaton((s) => s.session?.header.id ?? '');
  const isEmpty = useBaton((s) => s.chat.items.length === 0);
  if (isEmpty) return <EmptyChat />;
  return <ChatList key={sessionId} />;
}
