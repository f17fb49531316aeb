// What a session's entries say about the session as a whole: how many messages, the first thing the user
// typed, the title, its own instructions, the pins. Kept up to date one entry at a time, on every append
// and, on open, as each line is parsed: there the entry is still in the CPU's cache, where a second pass
// over 100,000 entries (spread over some 50 MB) cost 8-12 ms of an open (SPEC §8's 1.3× budget).
import type { SessionEntry } from '../../../shared/session';
import { userText } from './title';

export class SessionFacts {
  messageCount = 0;
  /** The first message the user typed (or the names of the files sent without text). */
  firstMessage: string | undefined;
  /** The last session_info title. */
  explicitTitle: string | undefined;
  /** Whether the user ever named the session (a title Claude wrote never replaces that). */
  userTitled = false;
  /** Whether Claude wrote the session a title. */
  autoTitled = false;
  /** The session's own custom instructions, when it has them. */
  instructions: string | undefined;
  /** Pin for handoff (SPEC §4.3): the pinned message entries, as the last pin entry of each says. */
  readonly pinned = new Set<string>();

  note(entry: SessionEntry): void {
    if (entry.type === 'message') {
      this.messageCount++;
      if (this.firstMessage === undefined) this.firstMessage = userText(entry.message);
    } else if (entry.type === 'session_info') {
      if (entry.title?.trim()) {
        this.explicitTitle = entry.title.trim();
        if (entry.autoTitle) this.autoTitled = true;
        else this.userTitled = true;
      }
      if (entry.instructions !== undefined) this.instructions = entry.instructions ?? undefined;
    } else if (entry.type === 'pin') {
      if (entry.pinned) this.pinned.add(entry.entryId);
      else this.pinned.delete(entry.entryId);
    }
  }
}
