import { memo } from 'react';
import type { ChatItem } from '../../store/chatItems';
import { HandoffCard } from '../handoff/HandoffCard';
import { HandoffOutcomeRow } from './HandoffOutcomeRow';
import { MessageView } from './MessageView';
import { NoteRow } from './NoteRow';
import { StreamingMessage } from './StreamingMessage';

/** Rows keep their identity while other rows change, so scrolling and streaming re-render little. */
export const ChatRow = memo(function ChatRow({ item }: { item: ChatItem }) {
  switch (item.kind) {
    case 'message':
      return <MessageView message={item.message} />;
    case 'streaming':
      return <StreamingMessage />;
    case 'handoff':
      return <HandoffCard document={item.document} />;
    case 'note':
      return <NoteRow text={item.text} />;
    case 'handoffOutcome':
      return <HandoffOutcomeRow entry={item.entry} />;
  }
});
