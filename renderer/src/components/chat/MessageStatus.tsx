// How a message ended: stopped, failed (its reply's error, when the reply never came), or a stop reason the user has to know about (SPEC §3), with
// the action that follows from it on the last reply.
import type { AgentMessage } from '../../../../shared/session';
import { texts } from '../../../../shared/texts';
import { useT } from '../../hooks/useLanguage';
import { isActionableRow } from '../../store/selectors';
import { stopNoticeOf, type StopNotice } from '../../store/stopReasons';
import { useBaton } from '../../store/StoreProvider';
import { uiTexts } from '../../texts';

export function MessageStatus({ message, itemKey }: { message: AgentMessage; itemKey: string }) {
  const notice = stopNoticeOf(message);
  // A reply cut short carries its error; one that never came leaves it on the message it answers.
  const runError = useBaton((s) => (s.session?.replyError?.key === itemKey ? s.session.replyError.message : undefined));
  const failure = message.errorMessage ?? runError;
  useT();
  return (
    <>
      {message.aborted && <p className="message-flag stopped">{uiTexts.stopped}</p>}
      {failure && <p className="message-flag failed">{uiTexts.failed(failure)}</p>}
      {notice && <StopNoticeView notice={notice} itemKey={itemKey} />}
    </>
  );
}

function StopNoticeView({ notice, itemKey }: { notice: StopNotice; itemKey: string }) {
  const t = useT();
  switch (notice.kind) {
    case 'cutOff':
      return (
        <div className="message-stop">
          <span className="message-flag cut-off">{texts.cutOff}</span>
          <ReplyAction itemKey={itemKey} label={t('chat.continue')} action="continue" />
        </div>
      );
    case 'paused':
      return <PausedNotice itemKey={itemKey} />;
    case 'refusal':
      return (
        <>
          <p className="message-stop-text">{texts.refusal}</p>
          {notice.explanation && <p className="message-stop-detail">{uiTexts.refusalExplanation(notice.explanation)}</p>}
        </>
      );
    case 'windowFull':
      return (
        <div className="message-stop">
          <p className="message-stop-text">{texts.contextWindowFull}</p>
          <ReplyAction itemKey={itemKey} label={t('handoff.handOff')} action="handoff" />
        </div>
      );
    case 'unknown':
      return <p className="message-stop-text">{texts.unknownStopReason(notice.reason)}</p>;
  }
}

/** Only on the last reply once nothing streams: an earlier pause was continued by the run itself. */
function PausedNotice({ itemKey }: { itemKey: string }) {
  const actionable = useBaton((s) => isActionableRow(s, itemKey));
  const t = useT();
  if (!actionable) return null;
  return (
    <div className="message-stop">
      <p className="message-stop-text">{texts.paused}</p>
      <ReplyAction itemKey={itemKey} label={t('chat.continue')} action="continue" />
    </div>
  );
}

/** Offered on the last row only, while nothing streams: an older reply's Continue would answer the wrong turn. */
function ReplyAction({ itemKey, label, action }: { itemKey: string; label: string; action: 'continue' | 'handoff' }) {
  const actionable = useBaton((s) => isActionableRow(s, itemKey));
  const continueReply = useBaton((s) => s.continueReply);
  const requestHandoff = useBaton((s) => s.requestHandoff);
  if (!actionable) return null;
  return (
    <button type="button" className="subtle-button" onClick={() => (action === 'continue' ? void continueReply() : requestHandoff())}>
      {label}
    </button>
  );
}
