// New session: at the top of the sidebar, and as an icon in the toolbar while the sidebar is collapsed.
import { shortcutLabel } from '../../lib/shortcuts';
import { useBaton } from '../../store/StoreProvider';
import { useT } from '../../hooks/useLanguage';

export function NewSessionButton({ compact = false }: { compact?: boolean }) {
  const newSession = useBaton((s) => s.newSession);
  const t = useT();
  const hint = t('app.newSessionHint', { shortcut: shortcutLabel('N') });
  return compact ? (
    <button type="button" className="icon-button tool icon-new toolbar-new-session" aria-label={t('app.newSession')} title={hint} onClick={() => void newSession()} />
  ) : (
    <button type="button" className="new-session" title={hint} onClick={() => void newSession()}>
      {t('app.newSession')}
    </button>
  );
}
