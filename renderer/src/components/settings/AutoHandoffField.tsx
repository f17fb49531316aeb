// "Hand off automatically at N % of context" (SPEC §4.2 Auto-handoff, off by default): a checkbox whose
// name reads the whole sentence, the level included, and the level itself, kept while the option is off.
import { useId } from 'react';
import type { SettingsPatch } from '../../../../shared/settings';
import { PercentHelp, PercentInput, usePercentRefusal } from './PercentInput';

interface Props {
  enabled: boolean;
  at: number;
  reviewFirst: boolean;
  onChange: (patch: Pick<SettingsPatch, 'autoHandoff' | 'autoHandoffAt'>) => void;
}

export function AutoHandoffField({ enabled, at, reviewFirst, onChange }: Props) {
  const checkId = useId();
  const startId = useId();
  const levelId = useId();
  const endId = useId();
  const hintId = useId();
  const refusal = usePercentRefusal();
  return (
    <div className="field">
      <div className="checkbox auto-handoff">
        <input
          id={checkId}
          type="checkbox"
          checked={enabled}
          aria-labelledby={`${startId} ${levelId} ${endId}`}
          aria-describedby={hintId}
          onChange={(e) => onChange({ autoHandoff: e.target.checked })}
        />
        <label id={startId} htmlFor={checkId}>
          Hand off automatically at
        </label>
        <PercentInput
          id={levelId}
          aria-label="Hand off automatically at (% of context)"
          value={at}
          refusal={refusal}
          onChange={(autoHandoffAt) => onChange({ autoHandoffAt })}
        />
        <span id={endId}>% of context</span>
      </div>
      <p id={hintId} className="field-hint">
        {reviewFirst
          ? 'When a reply ends above this level, the handoff starts by itself and waits for your review.'
          : 'When a reply ends above this level, the handoff starts by itself.'}
      </p>
      <PercentHelp refusal={refusal} setting="automatic handoff" value={at} />
    </div>
  );
}
