// A handoff exchange of this session as one compact row (SPEC §4.2), never as a "You" message: how it
// ended, the way to the session it went to, and the document on demand.
import { useId, useState } from 'react';
import { texts } from '../../../../shared/texts';
import type { HandoffExchangeItem } from '../../store/chatItems';
import { sessionAddress } from '../../../../shared/sessionAddress';
import { isRunningHandoffRow, listedTitle, shownSessionId } from '../../store/selectors';
import { useBaton } from '../../store/StoreProvider';
import { uiTexts } from '../../texts';
import { Markdown } from './Markdown';

export function HandoffExchangeRow({ item }: { item: HandoffExchangeItem }) {
  const [expanded, setExpanded] = useState(false);
  const bodyId = useId();
  const { outcome } = item;
  const document = outcome?.document ?? item.reply;
  return (
    <div className={`handoff-exchange ${outcome?.outcome ?? 'open'}`}>
      <div className="handoff-exchange-line">
        <span className="handoff-exchange-icon" aria-hidden="true" />
        <span className="handoff-exchange-text">
          <ExchangeSummary item={item} />
        </span>
        {document.trim() && (
          <button type="button" className="subtle-button" aria-expanded={expanded} aria-controls={bodyId} onClick={() => setExpanded(!expanded)}>
            {expanded ? 'Hide document' : 'View document'}
          </button>
        )}
      </div>
      {/* Focusable because it scrolls: keyboard users must be able to read all of it. */}
      <div id={bodyId} className="handoff-exchange-body" hidden={!expanded} tabIndex={0}>
        {expanded && <Markdown text={document} />}
      </div>
    </div>
  );
}

function ExchangeSummary({ item }: { item: HandoffExchangeItem }) {
  const { outcome } = item;
  const running = useBaton((s) => outcome === null && isRunningHandoffRow(s, item.key));
  const childId = outcome?.childSession;
  const childTitle = useBaton((s) => (childId ? listedTitle(s, childId) : undefined));
  const openSession = useBaton((s) => s.openSession);
  const backgrounded = useBaton((s) => running && s.handoff.phase === 'closed');
  const sessionId = useBaton(shownSessionId);
  const resumeHandoff = useBaton((s) => s.resumeHandoff);
  const showProgress = () => resumeHandoff(sessionId, { phase: 'generating', text: '' });
  if (!outcome && backgrounded) {
    // Continued in the background: the dialog comes back on request (the next progress event fills it).
    return (
      <>
        {uiTexts.handoffRunning}{' '}
        <button type="button" className="subtle-button" onClick={showProgress}>
          Show progress
        </button>
      </>
    );
  }
  if (!outcome) return <>{running ? uiTexts.handoffRunning : item.legacy ? uiTexts.handoffUnrecorded : uiTexts.handoffNotCompleted}</>;
  switch (outcome.outcome) {
    case 'done':
      // A session that is not here (an imported copy's child) is named, not linked.
      if (!childId || childTitle === undefined) return <>{texts.handedOffTo(outcome.childTitle ?? uiTexts.untitled)}</>;
      // The text's title part is the link, as a session is in the sidebar: "Handed off → " then the title.
      return (
        <>
          {texts.handedOffTo('')}
          <a
            href={sessionAddress(childId)}
            onClick={(event) => {
              event.preventDefault();
              void openSession(childId);
            }}
            onAuxClick={(event) => event.preventDefault()}
          >
            {childTitle}
          </a>
        </>
      );
    case 'cancelled':
      return <>{texts.handoffCancelled}</>;
    case 'failed':
      return <>{texts.handoffFailed(outcome.message ?? 'unknown error')}</>;
  }
}
