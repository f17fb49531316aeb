// Export session: a button that shows the two formats; choosing one saves the open session in it.
// The choices close on a pick, on Escape (focus back on the button) and when focus or a click leaves.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { ExportFormat } from '../../../../shared/contract';
import { useBaton } from '../../store/StoreProvider';
import { useT } from '../../hooks/useLanguage';

export const EXPORT_FORMATS = [
  { format: 'markdown', label: 'transfer.markdown' },
  { format: 'json', label: 'transfer.json' },
] as const satisfies readonly { format: ExportFormat; label: string }[];

export function ExportMenu() {
  const [open, setOpen] = useState(false);
  const t = useT();
  const hasSession = useBaton((s) => s.session !== null);
  const exportSession = useBaton((s) => s.exportSession);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const choicesId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    event.stopPropagation(); // Escape closes the choices, not whatever the window would do with it
    setOpen(false);
    button.current?.focus();
  };
  const choose = (format: ExportFormat) => {
    setOpen(false);
    void exportSession(format);
  };
  return (
    <div
      ref={root}
      className="export-menu"
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (!root.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className="icon-button tool icon-export"
        aria-label={t('app.exportSession')}
        title={t('app.exportSession')}
        disabled={!hasSession}
        aria-expanded={open}
        aria-controls={choicesId}
        onClick={() => setOpen(!open)}
      />
      <div id={choicesId} className="export-choices" role="group" aria-label={t('transfer.exportFormat')} hidden={!open}>
        {EXPORT_FORMATS.map(({ format, label }) => (
          <button key={format} type="button" onClick={() => choose(format)}>
            {t(label)}
          </button>
        ))}
      </div>
    </div>
  );
}
