// Inline rename: Enter or leaving the field saves, Escape keeps the old title.
import { useState } from 'react';
import { useBaton } from '../../store/StoreProvider';
import { useT } from '../../hooks/useLanguage';

export function SessionRenameInput({ id, title }: { id: string; title: string }) {
  const [value, setValue] = useState(title);
  const renameSession = useBaton((s) => s.renameSession);
  const cancelRename = useBaton((s) => s.cancelRename);
  const t = useT();
  return (
    <input
      className="session-rename"
      aria-label={t('sessions.sessionTitle')}
      autoFocus
      value={value}
      onChange={(e) => setValue(e.target.value)}
      onBlur={() => void renameSession(id, value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          void renameSession(id, value);
        } else if (e.key === 'Escape') {
          e.stopPropagation(); // this Escape is the field's, not the window's
          cancelRename();
        }
      }}
    />
  );
}
