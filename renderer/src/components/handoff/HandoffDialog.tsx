// The Hand off dialog (SPEC §5): the form, then the streaming preview while generating, then (with
// review first) the editable document.
import { useBaton } from '../../store/StoreProvider';
import { HandoffForm } from './HandoffForm';
import { HandoffProgress } from './HandoffProgress';
import { HandoffReview } from './HandoffReview';
import { Modal } from '../common/Modal';
import { uiTexts } from '../../texts';
import { useT } from '../../hooks/useLanguage';

export function HandoffDialog() {
  const phase = useBaton((s) => s.handoff.phase);
  // A handoff that started by itself says why the dialog opened, while it generates and in review.
  const autoAt = useBaton((s) => (s.handoff.auto ? (s.settings?.autoHandoffAt ?? null) : null));
  const t = useT();
  if (phase === 'closed') return null;
  return (
    <Modal title={t('handoff.handOff')} className="handoff-dialog">
      {autoAt !== null && <p className="dialog-text">{uiTexts.autoHandoffStarted(Math.round(autoAt * 100))}</p>}
      {phase === 'idle' && <HandoffForm />}
      {phase === 'generating' && <HandoffProgress />}
      {(phase === 'review' || phase === 'committing') && <HandoffReview />}
    </Modal>
  );
}
