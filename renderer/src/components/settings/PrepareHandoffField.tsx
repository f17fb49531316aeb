// "Prepare the handoff in advance" (off by default; docs/handoff.md): past the threshold at which Hand off
// invites, the handoff's document is written in the background after each reply, so Hand off starts the
// new session at once. What that costs is said under the checkbox.
import { useId } from 'react';
import { useT } from '../../hooks/useLanguage';

interface Props {
  enabled: boolean;
  /** The share of the context window past which Hand off invites (a fraction). */
  threshold: number;
  onChange: (prepareHandoff: boolean) => void;
}

export function PrepareHandoffField({ enabled, threshold, onChange }: Props) {
  const hintId = useId();
  const t = useT();
  return (
    <div className="field">
      <label className="checkbox">
        <input type="checkbox" checked={enabled} aria-describedby={hintId} onChange={(e) => onChange(e.target.checked)} />
        {t('settings.prepareHandoff')}
      </label>
      <p id={hintId} className="field-hint">
        {t('settings.prepareHandoffHint', { percent: Math.round(threshold * 100) })}
      </p>
    </div>
  );
}
