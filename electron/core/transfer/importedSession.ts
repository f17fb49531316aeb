// What an importer makes of another tool's session file: Baton entries, ready to be written as a new
// session, plus what the new session's header says about where they came from.
import type { ImportFormat, SessionEntry } from '../../../shared/session';

export interface ImportedSession {
  format: ImportFormat;
  /** The source's own title (its name, summary or first prompt); absent lets Baton derive one. */
  title?: string;
  entries: SessionEntry[];
  /** Lines holding something not taken over (unknown types, lines that are not JSON, unsupported messages). */
  skippedLines: number;
}
