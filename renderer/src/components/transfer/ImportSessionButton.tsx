// Import session: picks a session file (Baton, pi / oh-my-pi, Claude Code) and opens it as a new session.
// The page reads the file itself, so picking works the same on the desktop and in a browser.
import { useRef } from 'react';
import { useBaton } from '../../store/StoreProvider';
import { useT } from '../../hooks/useLanguage';

const ACCEPT = '.jsonl,.ndjson,.json,application/x-ndjson,application/json';

export function ImportSessionButton() {
  const importing = useBaton((s) => s.importing);
  const importSession = useBaton((s) => s.importSession);
  const input = useRef<HTMLInputElement>(null);
  const t = useT();
  return (
    <>
      <button type="button" className="import-session" disabled={importing} onClick={() => input.current?.click()}>
        {t('transfer.importSession')}
      </button>
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        hidden
        data-testid="import-session-file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = ''; // the same file may be picked again
          if (file) void importSession(file);
        }}
      />
    </>
  );
}
