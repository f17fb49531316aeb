// Open logs folder: the desktop app opens it in the file manager; in web mode the server cannot, so the
// dialog shows where the logs are, on the machine that runs the server. The button sits in the dialog's
// actions, away from Close; the path, once known, above them.
import { useState } from 'react';
import { useBaton } from '../../store/StoreProvider';
import { useT } from '../../hooks/useLanguage';

export function useLogsFolder(): { shownPath: string | undefined; open: () => Promise<void> } {
  const openLogs = useBaton((s) => s.openLogs);
  const [shownPath, setShownPath] = useState<string>();
  const open = async () => {
    const result = await openLogs();
    if (result && !result.opened) setShownPath(result.path);
  };
  return { shownPath, open };
}

export function LogsPath({ path }: { path: string | undefined }) {
  const t = useT();
  if (!path) return null;
  return (
    <p className="dialog-text" role="status">
      {t('ui.logsAreIn')} <code>{path}</code>
    </p>
  );
}
