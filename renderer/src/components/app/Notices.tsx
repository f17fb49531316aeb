// The two live regions: status (success, info, warning) and alert (errors). Both always exist, so
// assistive technology is listening before the first notice arrives.
import { isAlert } from '../../store/noticeSlice';
import { useBaton } from '../../store/StoreProvider';
import { NoticeLine } from './NoticeLine';

export function Notices() {
  const notices = useBaton((s) => s.notices);
  return (
    <div className="notices">
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
