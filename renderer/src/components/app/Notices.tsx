// The two live regions: status (success, info, warning) and alert (errors). Both always exist, so
// assistive technology is listening before the first notice arrives. While a dialog is open the stack
// sits below it, and the dialog keeps clear of the stack's height (--notices-height), so a notice never
// covers a dialog's controls.
import { useEffect, useRef } from 'react';
import { isAlert, shownNotices } from '../../store/noticeSlice';
import { isModalOpen } from '../../store/selectors';
import { useBaton } from '../../store/StoreProvider';
import { NoticeLine } from './NoticeLine';

export function Notices() {
  const notices = shownNotices(useBaton((s) => s.notices));
  const besideDialog = useBaton(isModalOpen);
  const ref = useStackHeight();
  return (
    <div ref={ref} className={besideDialog ? 'notices beside-dialog' : 'notices'}>
      <div role="status" className="notice-region">
        {notices.filter((n) => !isAlert(n)).map((n) => (
          <NoticeLine key={n.id} notice={n} />
        ))}
      </div>
      <div role="alert" className="notice-region">
        {notices.filter(isAlert).map((n) => (
          <NoticeLine key={n.id} notice={n} />
        ))}
      </div>
    </div>
  );
}

/** Publishes the stack's height as --notices-height on the root element, for the dialogs' backdrop. */
function useStackHeight() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement.style;
    const observer = new ResizeObserver(() => root.setProperty('--notices-height', `${el.offsetHeight}px`));
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.removeProperty('--notices-height');
    };
  }, []);
  return ref;
}
