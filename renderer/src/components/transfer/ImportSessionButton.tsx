// Import session: picks a session file (Baton, pi / oh-my-pi, Claude Code) and opens it as a new session.
import { useBaton } from '../../store/StoreProvider';
import { useT } from '../../hooks/useLanguage';
import { FilePickerButton } from '../common/FilePickerButton';

const ACCEPT = '.jsonl,.ndjson,.json,application/x-ndjson,application/json';

export function ImportSessionButton() {
  const importing = useBaton((s) => s.importing);
  const importSession = useBaton((s) => s.importSession);
  const t = useT();
  return (
    <FilePickerButton className="import-session" disabled={importing} accept={ACCEPT} testId="import-session-file" onPick={(file) => void importSession(file)}>
      {t('transfer.importSession')}
    </FilePickerButton>
  );
}
