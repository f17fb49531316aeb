// The two live regions: status (success, info, warning) and alert (errors). Both always exist, so
// assistive technology is listening before the first notice arrives. The stack's height (--notices-room)
// is the room the chat leaves below itself for it, so a notice never covers the chat's, the queue's or the
// composer's controls; while a dialog is open the stack sits below it, and the dialog keeps clear of it.
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

/**
 * Publishes the stack's height on the root element: --notices-height for the dialogs' backdrop, and
 * --notices-room for the room the chat leaves below itself, 0 while no notice is shown.
 */
function useStackHeight() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement.style;
    const observer = new ResizeObserver(() => {
      root.setProperty('--notices-height', `${el.offsetHeight}px`);
      root.setProperty('--notices-room', `${el.querySelector('.notice') ? el.offsetHeight : 0}px`);
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.removeProperty('--notices-height');
      root.removeProperty('--notices-room');
    };
  }, []);
  return ref;
}
