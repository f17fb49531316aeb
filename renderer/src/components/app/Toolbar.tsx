import { sessionTitle } from '../../store/selectors';
import { useBaton } from '../../store/StoreProvider';
import { HandOffButton } from '../handoff/HandOffButton';
import { ModelPicker } from '../settings/ModelPicker';
import { ExportMenu } from '../transfer/ExportMenu';

export function Toolbar() {
  const title = useBaton(sessionTitle);
  const sidebarOpen = useBaton((s) => s.ui.sidebarOpen);
  const toggleSidebar = useBaton((s) => s.toggleSidebar);
  const newSession = useBaton((s) => s.newSession);
  const openSettings = useBaton((s) => s.openSettings);
  return (
    <div className="toolbar">
      {/* Only shown in a narrow window, where the sidebar is a drawer. */}
      <button type="button" className="sidebar-toggle" aria-expanded={sidebarOpen} aria-controls="sessions-nav" onClick={toggleSidebar}>
        Sessions
      </button>
      <h1 className="session-title" title={title}>
        {title}
      </h1>
      <div className="toolbar-actions">
        <ModelPicker />
        <button type="button" onClick={() => void newSession()}>
          New session
        </button>
        <HandOffButton />
        <ExportMenu />
        <button type="button" onClick={() => openSettings()}>
          Settings
        </button>
      </div>
    </div>
  );
}
