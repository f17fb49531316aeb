// The main window: sidebar, toolbar, chat, composer and status line, plus the dialogs. While a
// dialog is open the rest is inert, so focus and assistive technology stay inside the dialog.
import { useRef, type CSSProperties } from 'react';
import { SIDEBAR_WIDTH } from '../../../../shared/settings';
import { isModalOpen } from '../../store/selectors';
import { useBaton } from '../../store/StoreProvider';
import { ChatView } from '../chat/ChatView';
import { FindBar } from '../chat/FindBar';
import { Composer } from '../composer/Composer';
import { DeleteSessionDialog } from '../sessions/DeleteSessionDialog';
import { HandoffDialog } from '../handoff/HandoffDialog';
import { QueuedMessages } from '../composer/QueuedMessages';
import { SessionInstructionsDialog } from '../settings/SessionInstructionsDialog';
import { SettingsDialog } from '../settings/SettingsDialog';
import { Sidebar } from '../sessions/Sidebar';
import { SidebarResizer } from '../sessions/SidebarResizer';
import { StatusLine } from './StatusLine';
import { TodosPanel } from '../todos/TodosPanel';
import { Toolbar } from './Toolbar';
import { ImportedFromNote } from '../transfer/ImportedFromNote';
import { useT } from '../../hooks/useLanguage';

export function MainScreen() {
  const modalOpen = useBaton(isModalOpen);
  const sidebarOpen = useBaton((s) => s.ui.sidebarOpen);
  const closeSidebar = useBaton((s) => s.closeSidebarOnNarrow);
  const collapsed = useBaton((s) => s.settings?.sidebarCollapsed ?? false);
  const width = useBaton((s) => s.settings?.sidebarWidth ?? SIDEBAR_WIDTH.default);
  const requestFocus = useBaton((s) => s.requestFocus);
  const layout = useRef<HTMLDivElement>(null);
  const t = useT();
  const classes = ['layout', sidebarOpen && 'sidebar-open', collapsed && 'sidebar-collapsed'].filter(Boolean).join(' ');
  return (
    <>
      {/* aria-hidden as well as inert: some tools read the accessibility tree without honouring inert. */}
      <div
        ref={layout}
        className={classes}
        style={{ '--sidebar-width': `${width}px` } as CSSProperties}
        inert={modalOpen}
        aria-hidden={modalOpen || undefined}
      >
        {/* The page's first Tab stop. The address names the session shown, so the link moves focus itself. */}
        <a
          href="#composer"
          className="skip-link"
          onClick={(event) => {
            event.preventDefault();
            requestFocus('composer');
          }}
        >
          {t('app.skipToComposer')}
        </a>
        <Sidebar />
        {!collapsed && <SidebarResizer layout={layout} />}
        {/* Narrow windows only (see styles.css): a click beside the drawer closes it. */}
        {sidebarOpen && <div className="drawer-backdrop" onClick={closeSidebar} />}
        <main className="main">
          <Toolbar />
          <ImportedFromNote />
          <FindBar />
          <div className="content">
            <ChatView />
            <TodosPanel />
          </div>
          <QueuedMessages />
          <Composer />
          <StatusLine />
        </main>
      </div>
      <HandoffDialog />
      <SettingsDialog />
      <SessionInstructionsDialog />
      <DeleteSessionDialog />
    </>
  );
}
