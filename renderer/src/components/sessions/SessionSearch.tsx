import { useFocusRequest } from '../../hooks/useFocusRequest';
import { shortcutLabel } from '../../lib/shortcuts';
import { useBaton } from '../../store/StoreProvider';

export function SessionSearch() {
  const query = useBaton((s) => s.sidebar.query);
  const setQuery = useBaton((s) => s.setQuery);
  const ref = useFocusRequest<HTMLInputElement>('search');
  return (
    <input
      ref={ref}
      type="search"
      className="session-search"
      aria-label="Search sessions"
      placeholder={`Search sessions (${shortcutLabel('K')})`}
      value={query}
      onChange={(e) => setQuery(e.target.value)}
    />
  );
}
