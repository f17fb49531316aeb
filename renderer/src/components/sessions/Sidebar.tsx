import { SessionList } from './SessionList';
import { SessionSearch } from './SessionSearch';

export function Sidebar() {
  return (
    <nav aria-label="Sessions" id="sessions-nav" className="sidebar">
      <SessionSearch />
      <SessionList />
    </nav>
  );
}
