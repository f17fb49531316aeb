// Open logs folder: the desktop app opens it in the file manager; in web mode the server cannot, so the
// dialog shows where the logs are, on the machine that runs the server.
import { useState } from 'react';
import { useBaton } from '../../store/StoreProvider';
import { uiTexts } from '../../texts';

export function LogsField() {
  const openLogs = useBaton((s) => s.openLogs);
  const [shownPath, setShownPath] = useState<string>();
  const open = async () => {
    const result = await openLogs();
    if (result && !result.opened) setShownPath(result.path);
  };
  return (
    <div className="field">
      <button type="button" onClick={() => void open()}>
        Open logs folder
      </button>
      {shownPath && (
        <p className="dialog-text" role="status">
          {uiTexts.logsAreIn} <code>{shownPath}</code>
        </p>
      )}
    </div>
  );
}
