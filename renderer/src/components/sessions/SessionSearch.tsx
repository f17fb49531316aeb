import { useFocusRequest } from '../../hooks/useFocusRequest';
import { shortcutLabel } from '../../lib/shortcuts';
import { useBaton } from '../../store/StoreProvider';
import { uiTexts } from '../../texts';
import { useT } from '../../hooks/useLanguage';

/** ↓ goes to the results (then ↑/↓ move through them, SessionList); Enter opens the first one. */
export function SessionSearch() {
  const query = useBaton((s) => s.sidebar.query);
  const setQuery = useBaton((s) => s.setQuery);
  const focusFirstResult = useBaton((s) => s.focusFirstResult);
  const openFirstResult = useBaton((s) => s.openFirstResult);
  const indexing = useBaton((s) => s.sidebar.indexing);
  const ref = useFocusRequest<HTMLInputElement>('search');
  const t = useT();
  return (
    <>
      <input
        ref={ref}
        type="search"
        className="session-search"
        aria-label={t('sessions.search')}
        aria-describedby={indexing && query.trim() ? 'search-indexing' : undefined}
        placeholder={t('sessions.searchPlaceholder', { shortcut: shortcutLabel('K') })}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') focusFirstResult();
          else if (e.key === 'Enter' && query.trim()) openFirstResult();
          else return;
          e.preventDefault();
        }}
      />
      {indexing && query.trim() && (
        <p id="search-indexing" className="search-indexing" aria-live="polite">
          {uiTexts.indexingMessages(indexing.indexed, indexing.total)}
        </p>
      )}
    </>
  );
}
