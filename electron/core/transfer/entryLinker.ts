// Keeps an imported session's tree: each source line's id is mapped to the Baton entry made from it, so a
// child finds its parent however lines were merged or skipped. A line with no (known) parent follows
// the entry before it in file order, as Baton's own loader does, so nothing above it is hidden.
import type { AgentMessage, MessageEntry } from '../../../shared/session';
import { entryId } from '../session/entryId';

/** Where a line sits in its source file's tree, in the source's own terms. */
export interface SourceLink {
  id?: unknown;
  parentId?: unknown;
  timestamp?: unknown;
}

export class EntryLinker {
  readonly entries: MessageEntry[] = [];
  private readonly ids = new Map<string, string>();
  private timestamp = new Date(0).toISOString();

  /** The entry a source id ended up in (its own, the one it was merged into, or its parent's if skipped). */
  resolve(sourceId: unknown): string | undefined {
    return typeof sourceId === 'string' ? this.ids.get(sourceId) : undefined;
  }

  /** The newest entry, in file order. */
  last(): MessageEntry | undefined {
    return this.entries.at(-1);
  }

  /** Adds a message for a source line; returns its entry, so later lines may still be merged into it. */
  add(message: AgentMessage, source: SourceLink): MessageEntry {
    const entry: MessageEntry = {
      type: 'message',
      id: entryId(),
      parentId: this.resolve(source.parentId) ?? this.last()?.id ?? null,
      timestamp: this.timestampOf(source.timestamp),
      message,
    };
    this.entries.push(entry);
    if (typeof source.id === 'string') this.ids.set(source.id, entry.id);
    return entry;
  }

  /** A source line whose content went into an existing entry: its children attach to that entry. */
  mergedInto(sourceId: unknown, entry: MessageEntry): void {
    if (typeof sourceId === 'string') this.ids.set(sourceId, entry.id);
  }

  /** A source line that was skipped: its children attach to what its parent became. */
  skipped(sourceId: unknown, sourceParentId: unknown): void {
    const parent = this.resolve(sourceParentId) ?? this.last()?.id;
    if (typeof sourceId === 'string' && parent !== undefined) this.ids.set(sourceId, parent);
  }

  /**
   * An ISO time; one missing or unreadable takes the previous entry's, so the order of times holds. A
   * number is milliseconds, and one beyond what a date can hold (±8.64e15) is unreadable too.
   */
  private timestampOf(value: unknown): string {
    if (typeof value === 'string' && !Number.isNaN(Date.parse(value))) this.timestamp = value;
    else if (typeof value === 'number' && !Number.isNaN(new Date(value).getTime())) this.timestamp = new Date(value).toISOString();
    return this.timestamp;
  }
}
