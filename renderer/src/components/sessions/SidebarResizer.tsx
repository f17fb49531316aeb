// The sidebar's edge: drag it, or focus it and use the arrow keys (Home and End for the narrowest and
// widest), to set the sidebar's width; a double click restores the default. The width is a setting, so
// it is remembered. While dragging only the page's CSS variable changes; the setting is saved on release.
import { useRef, type KeyboardEvent, type PointerEvent, type RefObject } from 'react';
import { SIDEBAR_WIDTH } from '../../../../shared/settings';
import { useBaton } from '../../store/StoreProvider';
import { useT } from '../../hooks/useLanguage';

const KEY_STEP = 16;
const clamp = (px: number) => Math.round(Math.min(SIDEBAR_WIDTH.max, Math.max(SIDEBAR_WIDTH.min, px)));

export function SidebarResizer({ layout }: { layout: RefObject<HTMLDivElement | null> }) {
  const width = useBaton((s) => s.settings?.sidebarWidth ?? SIDEBAR_WIDTH.default);
  const updateSettings = useBaton((s) => s.updateSettings);
  const t = useT();
  const drag = useRef<{ startX: number; startWidth: number; width: number } | null>(null);
  const save = (px: number) => void updateSettings({ sidebarWidth: clamp(px) });

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault(); // no text selection while dragging
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { startX: event.clientX, startWidth: width, width };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    d.width = clamp(d.startWidth + event.clientX - d.startX);
    layout.current?.style.setProperty('--sidebar-width', `${d.width}px`);
  };
  const onPointerUp = () => {
    const d = drag.current;
    drag.current = null;
    if (d && d.width !== width) save(d.width);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const next = { ArrowLeft: width - KEY_STEP, ArrowRight: width + KEY_STEP, Home: SIDEBAR_WIDTH.min, End: SIDEBAR_WIDTH.max }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    save(next);
  };

  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={t('sessions.resize')}
      aria-controls="sessions-nav"
      aria-valuemin={SIDEBAR_WIDTH.min}
      aria-valuemax={SIDEBAR_WIDTH.max}
      aria-valuenow={width}
      tabIndex={0}
      className="sidebar-resizer"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onDoubleClick={() => save(SIDEBAR_WIDTH.default)}
      onKeyDown={onKeyDown}
    />
  );
}
