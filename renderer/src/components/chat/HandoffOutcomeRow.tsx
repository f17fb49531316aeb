import type { HandoffOutcomeEntry } from '../../../../shared/session';
import { texts } from '../../../../shared/texts';

/** A handoff exchange of this session as one compact row (SPEC §4.2), never as a "You" message. */
export function HandoffOutcomeRow({ entry }: { entry: HandoffOutcomeEntry }) {
  return <p className="chat-note handoff-outcome">{outcomeText(entry)}</p>;
}

export function outcomeText(entry: HandoffOutcomeEntry): string {
  switch (entry.outcome) {
    case 'done':
      return texts.handedOffTo(entry.childTitle ?? 'a new session');
    case 'cancelled':
      return texts.handoffCancelled;
    case 'failed':
      return texts.handoffFailed(entry.message ?? 'unknown error');
  }
}
