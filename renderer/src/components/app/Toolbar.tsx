// The toolbar: the session title, then the model and the quieter actions as icons, and Hand off (the
// primary action once there is something to hand off). In a narrow window the quieter actions move into
// one menu (More actions).
import { sessionTitle } from '../../store/selectors';
import { useBaton } from '../../store/StoreProvider';
import { HandOffButton } from '../handoff/HandOffButton';
import { ModelPicker } from '../settings/ModelPicker';
import { ExportMenu } from '../transfer/ExportMenu';
import { ActionsMenu } from './ActionsMenu';
import { NewSessionButton } from './NewSessionButton';
import { SettingsButton } from './SettingsButton';
import { SidebarToggle } from './SidebarToggle';

export function Toolbar() {
  const title = useBaton(sessionTitle);
  return (
    <div className="toolbar">
      <SidebarToggle />
      {/* Shown only while the sidebar, which has its own, is collapsed. */}
      <NewSessionButton compact />
      <h1 className="session-title" title={title}>
        {title}
      </h1>
      <div className="toolbar-actions">
        <ModelPicker />
        <ExportMenu />
        <SettingsButton />
        <HandOffButton />
        <ActionsMenu />
      </div>
    </div>
  );
}
