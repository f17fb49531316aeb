// Shows or hides the sessions sidebar: in a wide window it collapses (remembered, a setting); in a
// narrow one it is a drawer over the chat.
import { useNarrow } from '../../hooks/useNarrow';
import { useBaton } from '../../store/StoreProvider';
import { useT } from '../../hooks/useLanguage';

export function SidebarToggle() {
  const narrow = useNarrow();
  const drawerOpen = useBaton((s) => s.ui.sidebarOpen);
  const collapsed = useBaton((s) => s.settings?.sidebarCollapsed ?? false);
  const toggleDrawer = useBaton((s) => s.toggleSidebar);
  const updateSettings = useBaton((s) => s.updateSettings);
  const shown = narrow ? drawerOpen : !collapsed;
  const t = useT();
  return (
    <button
      type="button"
      className="icon-button tool icon-sidebar"
      aria-label={t('app.sessions')}
      title={shown ? t('app.hideSessions') : t('app.showSessions')}
      aria-expanded={shown}
      aria-controls="sessions-nav"
      onClick={() => (narrow ? toggleDrawer() : void updateSettings({ sidebarCollapsed: !collapsed }))}
    />
  );
}
