// The message box. Enter sends (Alt+Enter queues a follow-up while a reply streams), Shift+Enter is a
// newline, and "/" lists the slash commands, picked with the arrow keys and Enter or Tab. Files come
// in through Attach files, a paste or a drop, and wait above the box as chips (SPEC §5).
import { useCallback, useId, useMemo, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useFileDrop } from '../../hooks/useFileDrop';
import { useFocusRequest } from '../../hooks/useFocusRequest';
import { useResetState } from '../../hooks/useResetState';
import { completeCommand, suggestCommands, type SlashCommand } from '../../lib/slashCommands';
import { isHandingOff, isModalOpen, isReadOnly, isStreaming } from '../../store/selectors';
import { useBaton } from '../../store/StoreProvider';
import { AttachmentChip } from './AttachmentChip';
import { SlashCommandList } from './SlashCommandList';
import { uiTexts } from '../../texts';
import { useT } from '../../hooks/useLanguage';

export function Composer() {
  const text = useBaton((s) => s.composer.text);
  const commands = useBaton((s) => s.composer.commands);
  const streaming = useBaton(isStreaming);
  const handingOff = useBaton(isHandingOff);
  const readOnly = useBaton(isReadOnly);
  const setText = useBaton((s) => s.setComposerText);
  const submit = useBaton((s) => s.submitComposer);
  const stop = useBaton((s) => s.stopRun);
  const files = useBaton((s) => s.composer.files);
  const attach = useBaton((s) => s.attachFiles);
  const removeFile = useBaton((s) => s.removeFile);
  const modalOpen = useBaton(isModalOpen);
  const ref = useFocusRequest<HTMLTextAreaElement>('composer');
  const picker = useRef<HTMLInputElement>(null);
  const listId = useId();
  const t = useT();
  const dragging = useFileDrop(useCallback((dropped: File[]) => void attach(dropped), [attach]), !modalOpen);

  const [dismissed, setDismissed] = useState(false);
  const suggestions = useMemo(() => (dismissed ? [] : suggestCommands(text, commands)), [dismissed, text, commands]);
  const [active, setActive] = useResetState(0, suggestions.length);

  const pick = (command: SlashCommand, run: boolean) => {
    setText(completeCommand(command));
    // A command without arguments runs on Enter; one with arguments waits for them.
    if (run && !command.hint) void submit();
    ref.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return;
    const current = suggestions[active];
    if (current) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((active + step + suggestions.length) % suggestions.length);
        return;
      }
      // Enter on a fully typed command runs it; otherwise Enter and Tab complete the highlighted one.
      const typedInFull = text === `/${current.name}`;
      if ((event.key === 'Enter' && !event.shiftKey && !typedInFull) || event.key === 'Tab') {
        event.preventDefault();
        pick(current, event.key === 'Enter');
        return;
      }
      if (event.key === 'Escape') {
        event.stopPropagation(); // closes the list, not a dialog
        setDismissed(true);
        return;
      }
    }
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      void submit(event.altKey ? 'followUp' : 'steer');
    }
  };

  // A pasted file is attached; pasted text goes in as usual.
  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const pasted = [...event.clipboardData.files];
    if (pasted.length === 0) return;
    event.preventDefault();
    void attach(pasted);
  };

  return (
    <div className={dragging ? 'composer dragging' : 'composer'}>
      {suggestions.length > 0 && (
        <SlashCommandList id={listId} commands={suggestions} active={active} onPick={(c) => pick(c, true)} />
      )}
      {files.length > 0 && (
        <ul className="attachment-chips" aria-label={t('composer.attachedFiles')}>
          {files.map((file) => (
            <AttachmentChip key={file.key} file={file} onRemove={() => removeFile(file.key)} />
          ))}
        </ul>
      )}
      <textarea
        ref={ref}
        className="composer-input"
        aria-label={t('composer.message')}
        aria-autocomplete="list"
        aria-controls={suggestions.length > 0 ? listId : undefined}
        aria-activedescendant={suggestions.length > 0 ? `${listId}-${active}` : undefined}
        placeholder={
          readOnly
            ? t('composer.placeholderReadOnly')
            : handingOff
              ? uiTexts.composerDuringHandoff
              : streaming
                ? t('composer.placeholderStreaming')
                : t('composer.placeholder')
        }
        disabled={readOnly}
        rows={2}
        value={text}
        onChange={(e) => {
          setDismissed(false);
          setText(e.target.value);
        }}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
      />
      <div className="composer-actions">
        <button type="button" className="attach-button" aria-label={t('composer.attachFiles')} title={t('composer.attachFiles')} disabled={readOnly} onClick={() => picker.current?.click()} />
        <input
          ref={picker}
          type="file"
          multiple
          hidden
          onChange={(e) => {
            void attach([...(e.target.files ?? [])]);
            e.target.value = ''; // the same file can be picked again after its chip was removed
          }}
        />
        {streaming && (
          <button type="button" className="stop-button" onClick={() => void stop()}>
            {t('composer.stop')}
          </button>
        )}
        <button type="button" className="primary" disabled={readOnly} onClick={() => void submit()}>
          {t('composer.send')}
        </button>
      </div>
    </div>
  );
}
