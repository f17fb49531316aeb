// Session instructions (SPEC §5): the open session's own custom instructions, used instead of the
// Settings' ones, or those again. Kept in the session's file, and carried to a handoff's new session.
import { useId, useState } from 'react';
import { useBaton } from '../../store/StoreProvider';
import { INSTRUCTIONS_MAX } from '../../../../shared/session';
import { Modal } from '../common/Modal';
import { useT } from '../../hooks/useLanguage';

export function SessionInstructionsDialog() {
  const open = useBaton((s) => s.instructionsOpen && s.session !== null);
  if (!open) return null;
  return <InstructionsForm />;
}

function InstructionsForm() {
  const own = useBaton((s) => s.session?.instructions);
  const fromSettings = useBaton((s) => s.settings?.customInstructions ?? '');
  const save = useBaton((s) => s.saveSessionInstructions);
  const close = useBaton((s) => s.setInstructionsOpen);
  const [useSettings, setUseSettings] = useState(own === undefined);
  const [text, setText] = useState(own ?? fromSettings);
  const id = useId();
  const t = useT();
  return (
    <Modal title={t('settings.sessionInstructions')} className="instructions-dialog">
      <label className="checkbox">
        <input type="checkbox" checked={useSettings} onChange={(e) => setUseSettings(e.target.checked)} />
        {t('ui.useSettingsInstructions')}
      </label>
      <label htmlFor={id} className="field-label">
        {t('settings.sessionInstructions')}
      </label>
      <textarea
        id={id}
        className="instructions-input"
        rows={6}
        maxLength={INSTRUCTIONS_MAX}
        disabled={useSettings}
        value={useSettings ? fromSettings : text}
        onChange={(e) => setText(e.target.value)}
      />
      <div className="dialog-actions">
        <button type="button" onClick={() => close(false)}>
          {t('settings.cancel')}
        </button>
        <button type="button" className="primary" onClick={() => void save(useSettings ? null : text)}>
          {t('settings.save')}
        </button>
      </div>
    </Modal>
  );
}
