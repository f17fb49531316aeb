import type { Notice } from '../../store/noticeSlice';
import { useBaton } from '../../store/StoreProvider';

export function NoticeLine({ notice }: { notice: Notice }) {
  const dismiss = useBaton((s) => s.dismissNotice);
  return (
    <p className={`notice notice-${notice.kind}`}>
      {notice.text}
      {/* The × is drawn by CSS so the region's text is exactly the notices' texts. */}
      <button type="button" className="icon-button dismiss" aria-label="Dismiss" title="Dismiss" onClick={() => dismiss(notice.id)} />
    </p>
  );
}
