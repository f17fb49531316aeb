// A handoff exchange of this session as one compact row (SPEC §4.2), never as a "You" message: how it
// ended, the way to the session it went to, and the document on demand. Attempts that failed or were
// cancelled one after another are one row with their count, which opens to each of them.
import { useId, useState } from 'react';
import { texts } from '../../../../shared/texts';
import type { HandoffAttempt, HandoffExchangeItem } from '../../store/chatItems';
import { sessionAddress } from '../../../../shared/sessionAddress';
import { isRunningHandoffRow, listedTitle, shownSessionId } from '../../store/selectors';
import { useT } from '../../hooks/useLanguage';
import { useBaton } from '../../store/StoreProvider';
import { uiTexts } from '../../texts';
import { Markdown } from './Markdown';

export function HandoffExchangeRow({ item }: { item: HandoffExchangeItem }) {
  if (item.earlier.length > 0) return <AttemptsRow item={item} />;
  return <Exchange attempt={item} className="handoff-exchange" />;
}

/** Failed or cancelled attempts in a row: "Handoff failed (3 attempts)", open to each when one has more to say. */
function AttemptsRow({ item }: { item: HandoffExchangeItem }) {
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const t = useT();
  const attempts = [...item.earlier, item];
  const outcomes = new Set(attempts.map((attempt) => attempt.outcome?.outcome));
  const outcome = outcomes.size > 1 ? 'mixed' : item.outcome?.outcome === 'cancelled' ? 'cancelled' : 'failed';
  // A cancelled attempt that wrote nothing says no more than the count does.
  const detailed = attempts.some((attempt) => attempt.outcome?.outcome === 'failed' || documentOf(attempt).trim());
  return (
    <div className={`handoff-exchange attempts ${outcome === 'cancelled' ? 'cancelled' : 'failed'}`}>
      <div className="handoff-exchange-line">
        <span className="handoff-exchange-icon" aria-hidden="true" />
        <span className="handoff-exchange-text">{uiTexts.handoffAttempts(outcome, attempts.length)}</span>
        {detailed && (
          <button type="button" className="subtle-button" aria-expanded={expanded} aria-controls={listId} onClick={() => setExpanded(!expanded)}>
            {expanded ? t('chat.hideAttempts') : t('chat.showAttempts')}
          </button>
        )}
      </div>
      {detailed && (
        <ol id={listId} className="handoff-attempts" hidden={!expanded}>
          {attempts.map((attempt) => (
            <li key={attempt.key}>
              <Exchange attempt={attempt} className="handoff-attempt" />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

const documentOf = (attempt: HandoffAttempt) => attempt.outcome?.document ?? attempt.reply;

function Exchange({ attempt, className }: { attempt: HandoffAttempt; className: string }) {
  const [expanded, setExpanded] = useState(false);
  const bodyId = useId();
  const t = useT();
  const { outcome } = attempt;
  const document = documentOf(attempt);
  return (
    <div className={`${className} ${outcome?.outcome ?? 'open'}`}>
      <div className="handoff-exchange-line">
        <span className="handoff-exchange-icon" aria-hidden="true" />
        <span className="handoff-exchange-text">
          <ExchangeSummary item={attempt} />
        </span>
        {document.trim() && (
          <button type="button" className="subtle-button" aria-expanded={expanded} aria-controls={bodyId} onClick={() => setExpanded(!expanded)}>
            {expanded ? t('chat.hideDocument') : t('chat.viewDocument')}
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

function ExchangeSummary({ item }: { item: HandoffAttempt }) {
  const { outcome } = item;
  const running = useBaton((s) => outcome === null && isRunningHandoffRow(s, item.key));
  const childId = outcome?.childSession;
  const childTitle = useBaton((s) => (childId ? listedTitle(s, childId) : undefined));
  const openSession = useBaton((s) => s.openSession);
  const backgrounded = useBaton((s) => running && s.handoff.phase === 'closed');
  const sessionId = useBaton(shownSessionId);
  const resumeHandoff = useBaton((s) => s.resumeHandoff);
  const t = useT();
  const showProgress = () => resumeHandoff(sessionId, { phase: 'generating', text: '' });
  if (!outcome && backgrounded) {
    // Continued in the background: the dialog comes back on request (the next progress event fills it).
    return (
      <>
        {uiTexts.handoffRunning}{' '}
        <button type="button" className="subtle-button" onClick={showProgress}>
          {t('chat.showProgress')}
        </button>
      </>
    );
  }
  if (!outcome) return <>{running ? uiTexts.handoffRunning : item.legacy ? uiTexts.handoffUnrecorded : uiTexts.handoffNotCompleted}</>;
  switch (outcome.outcome) {
    case 'done':
      // A session that is not here (an imported copy's child) is named, not linked.
      if (!childId || childTitle === undefined) return <>{texts.handedOffTo(outcome.childTitle || texts.untitled)}</>;
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
      return <>{texts.handoffFailed(outcome.message ?? t('chat.unknownError'))}</>;
  }
}
