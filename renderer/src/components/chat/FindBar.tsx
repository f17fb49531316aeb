// Find in session (SPEC §5; CmdOrCtrl+F): a bar above the chat with the textbox "Find in session", the
// match count and the steps. Enter goes to the next older match, Shift+Enter back to a newer one;
// Escape anywhere in the bar closes it and gives focus back to where it was before the bar opened.
// What is typed is looked for a moment after typing stops, so a fast typist does not make every
// keystroke search a 10,000-message chat.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { findNeedle } from '../../lib/find';
import { currentIndex, selectFindMatches } from '../../store/findSlice';
import { useBaton } from '../../store/StoreProvider';
import { uiTexts } from '../../texts';
import { useT } from '../../hooks/useLanguage';

const TYPING_PAUSE_MS = 150;

export function FindBar() {
  const open = useBaton((s) => s.find.open);
  return open ? <OpenFindBar /> : null;
}

function OpenFindBar() {
  const query = useBaton((s) => s.find.query);
  const setFindQuery = useBaton((s) => s.setFindQuery);
  const findStep = useBaton((s) => s.findStep);
  const closeFind = useBaton((s) => s.closeFind);
  const requestFocus = useBaton((s) => s.requestFocus);
  const total = useBaton((s) => selectFindMatches(s).length);
  const shown = useBaton((s) => currentIndex(s, selectFindMatches(s)));
  const more = useBaton((s) => (s.session?.firstEntryIndex ?? 0) > 0);
  const loadingOlder = useBaton((s) => s.find.loadingOlder);
  const focusRequest = useBaton((s) => s.ui.focus.find);
  const [input, setInput] = useState(query);
  const t = useT();
  const ref = useRef<HTMLInputElement>(null);
  // Read while mounting, before the box takes focus: where focus goes back to on close.
  const [returnTo] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));

  useLayoutEffect(() => {
    // Opened, or CmdOrCtrl+F again: focus the box with its text selected, ready to type over. Done before
    // the browser handles another event, so keys typed right after CmdOrCtrl+F replace the old query.
    ref.current?.focus();
    ref.current?.select();
  }, [focusRequest]);

  useEffect(() => {
    if (input === query) return;
    const timer = setTimeout(() => setFindQuery(input), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [input, query, setFindQuery]);

  const close = () => {
    closeFind();
    if (returnTo?.isConnected && returnTo !== document.body) returnTo.focus();
    else requestFocus('composer');
  };
  const step = (direction: 'older' | 'newer') => {
    if (input !== query) setFindQuery(input); // Enter before the pause: look for it now (that shows match 1)
    else void findStep(direction);
  };

  let status = '';
  if (loadingOlder) status = uiTexts.findSearchingOlder;
  else if (findNeedle(query)) {
    if (total === 0) status = uiTexts.findNone(more);
    else status = shown >= 0 ? uiTexts.findCount(shown + 1, total, more) : uiTexts.findTotal(total, more);
  }

  return (
    <div
      className="find-bar"
      role="search"
      aria-label={t('chat.findInSession')}
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.stopPropagation(); // this Escape closes the bar, nothing else
        close();
      }}
    >
      <input
        ref={ref}
        type="text"
        className="find-input"
        aria-label={t('chat.findInSession')}
        placeholder={t('chat.findInSession')}
        value={input}
        onChange={(e) => setInput(e.target.value)}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          e.preventDefault();
          step(e.shiftKey ? 'newer' : 'older');
        }}
      />
      <span className="find-count" aria-live="polite" title={more ? uiTexts.findMoreHint : undefined}>
        {status}
      </span>
      <button type="button" className="icon-button find-newer" aria-label={t('chat.newerMatch')} title={t('chat.newerMatchHint')} disabled={!total} onClick={() => step('newer')} />
      <button type="button" className="icon-button find-older" aria-label={t('chat.olderMatch')} title={t('chat.olderMatchHint')} disabled={!total && !more} onClick={() => step('older')} />
      <button type="button" className="icon-button dismiss" aria-label={t('chat.closeFind')} title={t('chat.closeFindHint')} onClick={close} />
    </div>
  );
}
