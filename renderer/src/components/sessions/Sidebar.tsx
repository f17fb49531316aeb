import { NewSessionButton } from '../app/NewSessionButton';
import { ImportSessionButton } from '../transfer/ImportSessionButton';
import { SessionList } from './SessionList';
import { SessionSearch } from './SessionSearch';

export function Sidebar() {
  return (
    <nav aria-label="Sessions" id="sessions-nav" className="sidebar">
      <NewSessionButton />
      <SessionSearch />
      <SessionList />
      <div className="sidebar-footer">
        <ImportSessionButton />
      </div>
    </nav>
  );
}
