import { memo } from 'react';
import type { ChatItem } from '../../store/chatItems';
import { HandoffCard } from '../handoff/HandoffCard';
import { HandoffExchangeRow } from './HandoffExchangeRow';
import { MessageView } from './MessageView';
import { NoteRow } from './NoteRow';
import { StreamingMessage } from './StreamingMessage';

/** Rows keep their identity while other rows change, so scrolling and streaming re-render little. */
export const ChatRow = memo(function ChatRow({ item }: { item: ChatItem }) {
  switch (item.kind) {
    case 'message':
      return <MessageView message={item.message} itemKey={item.key} />;
    case 'streaming':
      return <StreamingMessage />;
    case 'handoff':
      return <HandoffCard item={item} />;
    case 'note':
      return <NoteRow text={item.text} />;
    case 'handoffExchange':
      return <HandoffExchangeRow item={item} />;
  }
});
