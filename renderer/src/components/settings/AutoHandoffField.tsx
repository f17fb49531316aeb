// "Hand off automatically at N % of context" (SPEC §4.2 Auto-handoff, off by default): a checkbox whose
// name reads the whole sentence, the level included, and the level itself, kept while the option is off.
import { useId } from 'react';
import type { SettingsPatch } from '../../../../shared/settings';
import { useT } from '../../hooks/useLanguage';
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
  const t = useT();
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
          {t('settings.autoHandoffStart')}
        </label>
        <PercentInput
          id={levelId}
          aria-label={t('settings.autoHandoffLevel')}
          value={at}
          refusal={refusal}
          onChange={(autoHandoffAt) => onChange({ autoHandoffAt })}
        />
        <span id={endId}>{t('settings.autoHandoffEnd')}</span>
      </div>
      <p id={hintId} className="field-hint">
        {reviewFirst ? t('settings.autoHandoffHintReview') : t('settings.autoHandoffHint')}
      </p>
      <PercentHelp refusal={refusal} setting="autoHandoff" value={at} />
    </div>
  );
}
