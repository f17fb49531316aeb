import { useBaton } from '../../store/StoreProvider';
import { uiTexts } from '../../texts';
import { Modal } from '../common/Modal';

export function DeleteSessionDialog() {
  const pending = useBaton((s) => s.sidebar.pendingDelete);
  const cancel = useBaton((s) => s.cancelDelete);
  const confirm = useBaton((s) => s.confirmDelete);
  const running = useBaton((s) => pending !== null && s.sidebar.running.includes(pending.id));
  if (!pending) return null;
  return (
    <Modal title="Delete session?">
      <p className="dialog-text">
        “{pending.title || uiTexts.untitled}” will be deleted. {running && `${uiTexts.deleteStopsRun} `}This cannot be undone.
      </p>
      <div className="dialog-actions">
        <button type="button" autoFocus onClick={cancel}>
          Cancel
        </button>
        <button type="button" className="danger" onClick={() => void confirm()}>
          Delete
        </button>
      </div>
    </Modal>
  );
}
