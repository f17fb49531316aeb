// The views of the core (SPEC §1): each window (desktop) and each browser tab (web mode) is one view and
// chooses what it shows, on its own. A session's stream events go to the views that show it; the light
// events every view needs (the sidebar's, session_status) go to all, so eight streams do not flood every
// view. Opening a session in one view never moves another.
import type { BatonEvent } from '../../../shared/contract';
import type { Conversations } from './Conversations';

type Listener = (event: BatonEvent) => void;

/** Events about one session that only its views need; every other event with a sessionId goes to all. */
const BROADCAST: ReadonlySet<BatonEvent['type']> = new Set(['session_status']);

export class View {
  private shown: string | undefined;
  private readonly listeners = new Set<Listener>();

  constructor(private readonly conversations: Conversations) {}

  /** The session this view shows. */
  get sessionId(): string | undefined {
    return this.shown;
  }

  /** Shows another session: this view keeps it open; the one it showed may be released. */
  show(id: string): void {
    if (id === this.shown) return;
    const left = this.shown;
    this.conversations.retain(id);
    this.shown = id;
    if (left !== undefined) this.conversations.release(left);
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** One listener's failure (a closed window) must not starve the others. */
  send(event: BatonEvent): void {
    for (const listener of Array.from(this.listeners)) {
      try {
        listener(event);
      } catch {
        // ignored on purpose
      }
    }
  }

  /** The view is gone (window closed, tab closed or disconnected): what it showed may be released. */
  close(): void {
    this.listeners.clear();
    const left = this.shown;
    this.shown = undefined;
    if (left !== undefined) this.conversations.release(left);
  }
}

export class Views {
  private readonly all = new Set<View>();

  constructor(private readonly conversations: Conversations) {}

  add(): View {
    const view = new View(this.conversations);
    this.all.add(view);
    return view;
  }

  remove(view: View): void {
    this.all.delete(view);
    view.close();
  }

  /** The views that show the session. */
  of(sessionId: string): View[] {
    return [...this.all].filter((view) => view.sessionId === sessionId);
  }

  /** Delivers an event to the views it concerns. */
  route(event: BatonEvent): void {
    const sessionId = 'sessionId' in event && !BROADCAST.has(event.type) ? event.sessionId : undefined;
    for (const view of this.all) if (sessionId === undefined || view.sessionId === sessionId) view.send(event);
  }

  closeAll(): void {
    for (const view of this.all) view.close();
    this.all.clear();
  }
}
