// The page's address as the store uses it (SPEC §5: `#session=<id>` names the session shown).
import type { PageAddress } from '../store/types';

/** The address to write, when a write is waiting. */
let next: string | undefined;

export const pageAddress: PageAddress = {
  read: () => next ?? location.hash,
  // Written a task later, the last one winning: replaceState costs some milliseconds, which would
  // otherwise add to the task that shows the session.
  write: (hash) => {
    if (next === undefined) {
      setTimeout(() => {
        if (location.hash !== next) history.replaceState(history.state, '', next);
        next = undefined;
      }, 0);
    }
    next = hash;
  },
  onChange: (listener) => {
    addEventListener('hashchange', listener);
    return () => removeEventListener('hashchange', listener);
  },
  openNew: (hash) => void open(`${location.href.split('#')[0]}${hash}`, '_blank', 'noopener'),
};
