import { memo } from 'react';
import type { AgentMessage } from '../../../../shared/session';
import type { ChatItem } from '../../store/chatItems';
import { useBaton } from '../../store/StoreProvider';
import { HandoffCard } from '../handoff/HandoffCard';
import { HandoffExchangeRow } from './HandoffExchangeRow';
import { MessageView } from './MessageView';
import { NoteRow } from './NoteRow';

/**
 * Rows keep their identity while other rows change, so scrolling and streaming re-render little. The reply
 * being streamed is a MessageView too, and the settled reply keeps its row (rowKeyOf): React keeps what was
 * drawn while it streamed.
 */
export const ChatRow = memo(function ChatRow({ item }: { item: ChatItem }) {
  // Only the streaming row follows the stream's text (once per frame at most); every other row reads null.
  const streamed = useBaton((s) => (item.kind === 'streaming' ? (s.chat.stream?.text ?? '') : null));
  switch (item.kind) {
    case 'message':
      return <MessageView message={item.message} itemKey={item.key} />;
    case 'streaming':
      return <MessageView message={streamedReply(streamed ?? '')} itemKey={item.key} streaming />;
    case 'handoff':
      return <HandoffCard item={item} />;
    case 'note':
      return <NoteRow text={item.text} />;
    case 'handoffExchange':
      return <HandoffExchangeRow item={item} />;
  }
});

const streamedReply = (text: string): AgentMessage => ({ role: 'assistant', content: text ? [{ type: 'text', text }] : [] });
