// Messages submitted while a reply streams, waiting for their turn (SPEC §3 queues). Until one is sent it
// can be edited (Enter or Save keeps the change, Escape or Cancel drops it) or removed.
import { useState, type KeyboardEvent } from 'react';
import type { QueueName } from '../../../../shared/contract';
import { useBaton } from '../../store/StoreProvider';

const MODE_LABEL: Record<QueueName, string> = { steering: 'Next turn', followUp: 'After this reply' };

export function QueuedMessages() {
  const queue = useBaton((s) => s.chat.queue);
  if (queue.steering.length + queue.followUp.length === 0) return null;
  const items = [
    ...queue.steering.map((text, index) => ({ queue: 'steering' as const, index, text })),
    ...queue.followUp.map((text, index) => ({ queue: 'followUp' as const, index, text })),
  ];
  return (
    <section className="queued" aria-label="Queued messages">
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
      <span className="queued-mode">{MODE_LABEL[queue]}</span>
      {draft === null ? (
        <>
          <span className="queued-text">{text}</span>
          <span className="queued-actions">
            <button type="button" className="copy-button" aria-label="Edit queued message" onClick={() => setDraft(text)}>
              Edit
            </button>
            <button type="button" className="copy-button" aria-label="Remove queued message" onClick={() => void changeQueued(queue, index, text)}>
              Remove
            </button>
          </span>
        </>
      ) : (
        <>
          <textarea className="queued-editor" aria-label="Edit queued message" rows={1} autoFocus value={draft} onChange={(e) => setDraft(e.target.value)} onKeyDown={onKeyDown} />
          <span className="queued-actions">
            <button type="button" className="copy-button" onClick={() => setDraft(null)}>
              Cancel
            </button>
            <button type="button" className="copy-button" onClick={save}>
              Save
            </button>
          </span>
        </>
      )}
    </li>
  );
}
