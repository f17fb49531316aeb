// The actions under a message (SPEC §5): Copy message when it has text; Edit message on the user's
// messages; Regenerate on replies; Pin for handoff (or Unpin) on every saved message; Retry on a reply
// that failed or was stopped, and on a message whose reply never came (Hand off instead when the
// conversation was too long for the window). They show on hover and on keyboard focus; Retry and the
// version switcher are always shown. A session that can only be read here offers Copy message alone.
import type { RefObject } from 'react';
import type { AgentMessage } from '../../../../shared/session';
import { useT } from '../../hooks/useLanguage';
import { isEntryKey, markdownOf } from '../../store/chatItems';
import { isReadOnly, isStreaming } from '../../store/selectors';
import { REMEDY, replyRemedy } from '../../store/sessionSlice';
import { useBaton } from '../../store/StoreProvider';
import { uiTexts } from '../../texts';
import { CopyButton } from '../common/CopyButton';
import { VersionNav } from './VersionNav';

interface Props {
  message: AgentMessage;
  entryKey: string;
  editButton: RefObject<HTMLButtonElement | null>;
}

export function MessageActions({ message, entryKey, editButton }: Props) {
  const busy = useBaton(isStreaming);
  const versions = useBaton((s) => s.chat.versions[entryKey]);
  const isLast = useBaton((s) => s.chat.items.at(-1)?.key === entryKey);
  const startEdit = useBaton((s) => s.startEdit);
  const regenerate = useBaton((s) => s.regenerate);
  const requestHandoff = useBaton((s) => s.requestHandoff);
  // The run's error decides what asking again means: Hand off when the conversation no longer fits, none
  // when the same request would be refused again.
  const remedy = useBaton((s) => (s.session?.replyError?.key === entryKey ? replyRemedy(s.session.replyError.code) : REMEDY.retry));
  const pinned = useBaton((s) => s.session?.pinned.includes(entryKey) ?? false);
  const setPinned = useBaton((s) => s.setPinned);
  // Only a saved message of a session that can be changed here offers what would change it.
  const saved = useBaton((s) => !isReadOnly(s)) && isEntryKey(entryKey);
  const t = useT();
  const markdown = markdownOf(message);
  const isUser = message.role === 'user';
  const failed = !isUser && (message.aborted === true || message.errorMessage !== undefined);
  const unanswered = isUser && isLast && !busy;
  return (
    <div className="message-actions" role="group" aria-label={t('chat.messageActions')}>
      {versions && <VersionNav entryKey={entryKey} versions={versions} disabled={busy} />}
      {saved && (failed || unanswered) && remedy === REMEDY.retry && (
        <button type="button" className="copy-button retry-button" disabled={busy} onClick={() => void regenerate(entryKey)}>
          {t('chat.retry')}
        </button>
      )}
      {saved && remedy === REMEDY.handOff && (
        <button type="button" className="copy-button retry-button" disabled={busy} onClick={() => requestHandoff()}>
          {t('handoff.handOff')}
        </button>
      )}
      <span className="message-tools">
        {markdown && <CopyButton text={markdown} label={t('chat.copyMessage')} />}
        {saved && isUser && (
          <button
            ref={editButton}
            type="button"
            className="copy-button"
            aria-label={t('chat.editMessage')}
            disabled={busy}
            onClick={() => startEdit(entryKey, markdown)}
          >
            {t('chat.edit')}
          </button>
        )}
        {saved && !isUser && !failed && (
          <button type="button" className="copy-button" disabled={busy} onClick={() => void regenerate(entryKey)}>
            {t('chat.regenerate')}
          </button>
        )}
        {saved && (
          <button
            type="button"
            className="copy-button"
            title={pinned ? undefined : uiTexts.pinHint}
            onClick={() => void setPinned(entryKey, !pinned)}
          >
            {pinned ? t('chat.unpin') : t('chat.pinForHandoff')}
          </button>
        )}
      </span>
    </div>
  );
}
