import { NewSessionButton } from '../app/NewSessionButton';
import { ImportSessionButton } from '../transfer/ImportSessionButton';
import { SessionList } from './SessionList';
import { SessionSearch } from './SessionSearch';
import { useT } from '../../hooks/useLanguage';

export function Sidebar() {
  const t = useT();
  return (
    <nav aria-label={t('sessions.nav')} id="sessions-nav" className="sidebar">
      <NewSessionButton />
      <SessionSearch />
      <SessionList />
      <div className="sidebar-footer">
        <ImportSessionButton />
      </div>
    </nav>
  );
}
