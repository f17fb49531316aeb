import { texts } from '../../../../shared/texts';
import { useBaton } from '../../store/StoreProvider';
import { uiTexts } from '../../texts';
import { Modal } from '../common/Modal';
import { useT } from '../../hooks/useLanguage';

export function DeleteSessionDialog() {
  const pending = useBaton((s) => s.sidebar.pendingDelete);
  const cancel = useBaton((s) => s.cancelDelete);
  const confirm = useBaton((s) => s.confirmDelete);
  const running = useBaton((s) => pending !== null && s.sidebar.running.includes(pending.id));
  const t = useT();
  if (!pending) return null;
  return (
    <Modal title={t('sessions.deleteTitle')}>
      <p className="dialog-text">
        {t('sessions.deleteWarning', { title: pending.title || texts.untitled, running: running ? `${uiTexts.deleteStopsRun} ` : '' })}
      </p>
      <div className="dialog-actions">
        <button type="button" autoFocus onClick={cancel}>
          {t('sessions.cancel')}
        </button>
        <button type="button" className="danger" onClick={() => void confirm()}>
          {t('sessions.delete')}
        </button>
      </div>
    </Modal>
  );
}
