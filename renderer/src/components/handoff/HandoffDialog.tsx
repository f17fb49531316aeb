// The Hand off dialog (SPEC §5): the form, then the streaming preview while generating, then (with
// review first) the editable document.
import { useBaton } from '../../store/StoreProvider';
import { HandoffForm } from './HandoffForm';
import { HandoffProgress } from './HandoffProgress';
import { HandoffReview } from './HandoffReview';
import { Modal } from '../common/Modal';

export function HandoffDialog() {
  const phase = useBaton((s) => s.handoff.phase);
  if (phase === 'closed') return null;
  return (
    <Modal title="Hand off" className="handoff-dialog">
      {phase === 'idle' && <HandoffForm />}
      {phase === 'generating' && <HandoffProgress />}
      {(phase === 'review' || phase === 'committing') && <HandoffReview />}
    </Modal>
  );
}
