// Write-only: the key is sent to the main process and never shown or read back.
import { useId, useState } from 'react';
import { useT } from '../../hooks/useLanguage';
import { useBaton } from '../../store/StoreProvider';

export function ApiKeyForm({ label, autoFocus = false }: { label: string; autoFocus?: boolean }) {
  const [key, setKey] = useState('');
  const [saving, setSaving] = useState(false);
  const saveApiKey = useBaton((s) => s.saveApiKey);
  const inputId = useId();
  const t = useT();
  const save = async () => {
    if (!key.trim()) return;
    setSaving(true);
    if (await saveApiKey(key)) setKey('');
    setSaving(false);
  };
  return (
    <div className="api-key-form">
      <label htmlFor={inputId} className="field-label">
        {label}
      </label>
      <div className="inline-field">
        <input
          id={inputId}
          type="password"
          autoComplete="off"
          spellCheck={false}
          autoFocus={autoFocus}
          placeholder="sk-ant-…"
          value={key}
          onChange={(e) => setKey(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') void save();
          }}
        />
        <button type="button" className="primary" disabled={saving || !key.trim()} onClick={() => void save()}>
          {t('settings.save')}
        </button>
      </div>
    </div>
  );
}
