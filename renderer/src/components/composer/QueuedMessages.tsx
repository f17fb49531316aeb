// Messages submitted while a reply streams, waiting for their turn (SPEC §3 queues). Until one is sent it
// can be edited (Enter or Save keeps the change, Escape or Cancel drops it) or removed.
import { useState, type KeyboardEvent } from 'react';
import type { QueueName } from '../../../../shared/contract';
import { useBaton } from '../../store/StoreProvider';
import { useT } from '../../hooks/useLanguage';

const MODE_LABEL = { steering: 'composer.nextTurn', followUp: 'composer.afterThisReply' } as const satisfies Record<QueueName, string>;

export function QueuedMessages() {
  const queue = useBaton((s) => s.chat.queue);
  const t = useT();
  if (queue.steering.length + queue.followUp.length === 0) return null;
  const items = [
    ...queue.steering.map((text, index) => ({ queue: 'steering' as const, index, text })),
    ...queue.followUp.map((text, index) => ({ queue: 'followUp' as const, index, text })),
  ];
  return (
    <section className="queued" aria-label={t('composer.queued')}>
      <ul>
        {items.map((item) => (
          <QueuedMessage key={`${item.queue}-${item.index}-${item.text}`} {...item} />
        ))}
      </ul>
    </section>
  );
}

function QueuedMessage({ queue, index, text }: { queue: QueueName; index: number; text: string }) {
  const changeQueued = useBaton((s) => s.changeQueued);
  const [draft, setDraft] = useState<string | null>(null);
  const t = useT();
  const save = () => {
    if (draft === null) return;
    const next = draft.trim();
    setDraft(null);
    if (next !== text) void changeQueued(queue, index, text, next || undefined);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'Escape') {
      event.stopPropagation(); // this Escape is the field's: the reply keeps streaming
      setDraft(null);
    } else if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      save();
    }
  };
  return (
    <li className="queued-item">
      <span className="queued-mode">{t(MODE_LABEL[queue])}</span>
      {draft === null ? (
        <>
          <span className="queued-text">{text}</span>
          <span className="queued-actions">
            <button type="button" className="copy-button" aria-label={t('composer.editQueued')} onClick={() => setDraft(text)}>
              {t('composer.edit')}
            </button>
            <button type="button" className="copy-button" aria-label={t('composer.removeQueued')} onClick={() => void changeQueued(queue, index, text)}>
              {t('composer.remove')}
            </button>
          </span>
        </>
      ) : (
        <>
          <textarea className="queued-editor" aria-label={t('composer.editQueued')} rows={1} autoFocus value={draft} onChange={(e) => setDraft(e.target.value)} onKeyDown={onKeyDown} />
          <span className="queued-actions">
            <button type="button" className="copy-button" onClick={() => setDraft(null)}>
              {t('composer.cancel')}
            </button>
            <button type="button" className="copy-button" onClick={save}>
              {t('composer.save')}
            </button>
          </span>
        </>
      )}
    </li>
  );
}
