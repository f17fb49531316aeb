import type { Notice } from '../../store/noticeSlice';
import { useT } from '../../hooks/useLanguage';
import { useBaton } from '../../store/StoreProvider';
import { uiTexts } from '../../texts';

export function NoticeLine({ notice }: { notice: Notice }) {
  const dismiss = useBaton((s) => s.dismissNotice);
  const { action } = notice;
  const t = useT();
  const label = action && uiTexts.noticeAction(action.label);
  return (
    <p className={`notice notice-${notice.kind}`}>
      <span className="notice-body">
        <span className="notice-text">{notice.text}</span>
        {notice.detail && <span className="notice-detail">{notice.detail}</span>}
      </span>
      {/* Button labels are drawn by CSS (named by aria-label), so the region's text is exactly the notices' texts. */}
      {action && (
        <button
          type="button"
          className="notice-action"
          aria-label={label}
          data-label={label}
          onClick={() => {
            dismiss(notice.id);
            action.run();
          }}
        />
      )}
      <button type="button" className="icon-button dismiss" aria-label={t('ui.dismiss')} title={t('ui.dismiss')} onClick={() => dismiss(notice.id)} />
    </p>
  );
}
