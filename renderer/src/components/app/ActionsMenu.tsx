// The session's header menu, "More actions": Session instructions, and the toolbar's quieter actions
// (New session, Export session, Settings) under the same names, which a narrow window shows only here.
// A menu as WAI-ARIA describes it: Enter, Space or the arrow
// keys open it on its first or last item, the arrows, Home and End move, Escape closes it and gives
// focus back to the button, Tab or a click elsewhere closes it.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useBaton } from '../../store/StoreProvider';
import { EXPORT_FORMATS } from '../transfer/ExportMenu';
import { useT } from '../../hooks/useLanguage';

export function ActionsMenu() {
  const [open, setOpen] = useState(false);
  const t = useT();
  const hasSession = useBaton((s) => s.session !== null);
  const newSession = useBaton((s) => s.newSession);
  const exportSession = useBaton((s) => s.exportSession);
  const openSettings = useBaton((s) => s.openSettings);
  const openInstructions = useBaton((s) => s.setInstructionsOpen);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();
  /** Which item takes focus once the menu shows: the first, or the last (ArrowUp on the button). */
  const [entry, setEntry] = useState<'first' | 'last'>('first');

  const items = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])') ?? [])];

  useEffect(() => {
    if (!open) return;
    const all = items();
    (entry === 'first' ? all[0] : all.at(-1))?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, entry]);

  const show = (at: 'first' | 'last') => {
    setEntry(at);
    setOpen(true);
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  const choose = (action: () => void) => {
    close(false);
    action();
  };

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      show(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      event.stopPropagation(); // Escape closes the menu, not whatever the window would do with it
      return close(true);
    }
    if (event.key === 'Tab') return close(false);
    const target = ({ ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: -1 } as Record<string, number>)[event.key];
    if (target === undefined) return;
    event.preventDefault();
    all[(target + all.length) % all.length]?.focus();
  };

  return (
    <div ref={root} className="actions-menu">
      <button
        ref={button}
        type="button"
        className="icon-button tool icon-more"
        aria-label={t('app.moreActions')}
        title={t('app.moreActions')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => (open ? close(false) : show('first'))}
        onKeyDown={onButtonKeyDown}
      />
      <div ref={menu} id={menuId} role="menu" aria-label={t('app.moreActions')} className="menu" hidden={!open} onKeyDown={onMenuKeyDown}>
        <MenuItem label={t('app.newSession')} onChoose={() => choose(() => void newSession())} />
        <div role="group" aria-label={t('app.exportSession')} className="menu-group">
          <span className="menu-group-label" aria-hidden="true">
            {t('app.exportSession')}
          </span>
          {EXPORT_FORMATS.map(({ format, label }) => (
            <MenuItem key={format} label={t(label)} disabled={!hasSession} onChoose={() => choose(() => void exportSession(format))} />
          ))}
        </div>
        <MenuItem label={t('app.sessionInstructions')} disabled={!hasSession} onChoose={() => choose(() => openInstructions(true))} />
        <MenuItem label={t('app.settings')} onChoose={() => choose(() => openSettings())} />
      </div>
    </div>
  );
}

function MenuItem({ label, disabled = false, onChoose }: { label: string; disabled?: boolean; onChoose: () => void }) {
  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      className="menu-item"
      aria-disabled={disabled || undefined}
      onClick={() => {
        if (!disabled) onChoose();
      }}
    >
      {label}
    </button>
  );
}
