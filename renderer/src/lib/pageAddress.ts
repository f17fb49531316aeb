// The page's address as the store uses it (SPEC §5: `#session=<id>` names the session shown).
import type { PageAddress } from '../store/types';

export const pageAddress: PageAddress = {
  read: () => location.hash,
  write: (hash) => {
    if (location.hash !== hash) history.replaceState(history.state, '', hash);
  },
  onChange: (listener) => {
    addEventListener('hashchange', listener);
    return () => removeEventListener('hashchange', listener);
  },
  openNew: (hash) => void open(`${location.href.split('#')[0]}${hash}`, '_blank', 'noopener'),
};
