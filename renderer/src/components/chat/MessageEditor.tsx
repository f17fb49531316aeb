// Edit message in place: Enter (or Save and send) sends the new text as a new version of the message,
// Shift+Enter is a newline, Escape (or Cancel) leaves the message as it was.
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { isStreaming } from '../../store/selectors';
import { useBaton } from '../../store/StoreProvider';
import { useT } from '../../hooks/useLanguage';

export function MessageEditor() {
  const text = useBaton((s) => s.messageEdit?.text ?? '');
  const busy = useBaton(isStreaming);
  const setText = useBaton((s) => s.setEditText);
  const save = useBaton((s) => s.saveEdit);
  const cancel = useBaton((s) => s.cancelEdit);
  const ref = useRef<HTMLTextAreaElement>(null);
  const t = useT();
  useEffect(() => {
    const field = ref.current;
    if (!field) return;
    field.focus();
    field.setSelectionRange(field.value.length, field.value.length);
  }, []);
  const canSave = text.trim() !== '' && !busy;

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'Escape') {
      event.stopPropagation(); // this Escape is the edit's, not the window's
      cancel();
    } else if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      if (canSave) void save();
    }
  };

  return (
    <form
      className="message-editor"
      onSubmit={(event) => {
        event.preventDefault();
        if (canSave) void save();
      }}
    >
      <textarea ref={ref} aria-label={t('chat.editMessage')} value={text} rows={2} onChange={(e) => setText(e.target.value)} onKeyDown={onKeyDown} />
      <div className="message-editor-actions">
        <button type="button" onClick={cancel}>
          {t('chat.cancel')}
        </button>
        <button type="submit" className="primary" disabled={!canSave}>
          {t('chat.saveAndSend')}
        </button>
      </div>
    </form>
  );
}
