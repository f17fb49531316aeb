// sessions.*: the history sidebar and what each view shows (SPEC §1, §2, §5), and moving sessions in and
// out of Baton (Export session, Export document, Import session). Opening or creating a session moves
// this view only; runs in other sessions go on.
import { statSync } from 'node:fs';
import { IMPORT_CHUNK_CHARS, type ExportFormat, type SaveOutcome, type SessionView } from '../../../shared/contract';
import { IMPORT_ORIGIN } from '../../../shared/sessionFormat';
import type { Conversation } from '../conversations/Conversation';
import type { Handlers } from '../ipc/dispatcher';
import { branchPage } from '../session/branchWindow';
import { nextTurn, SteppedTask } from '../storage/steps';
import type { SessionManager } from '../session/SessionManager';
import { setPinned } from '../handoff/pins';
import { previewOf, viewOf } from '../sessionView';
import { readBigSavedFileFacts } from '../attachments/savedFileFacts';
import { checks } from '../checks/CheckPool';
import { importSessionBytes } from '../transfer/importSession';
import { ImportUploads } from '../transfer/importUploads';
import { documentExport, sessionExport, type ExportFile } from '../transfer/sessionExport';
import { conversationOf, type CoreContext, type ViewContext } from './context';

type SessionChannel =
  | 'sessions.list'
  | 'sessions.match'
  | 'sessions.open'
  | 'sessions.new'
  | 'sessions.running'
  | 'sessions.entries'
  | 'sessions.switchBranch'
  | 'sessions.pin'
  | 'sessions.unpin'
  | 'sessions.rename'
  | 'sessions.setInstructions'
  | 'sessions.delete'
  | 'sessions.export'
  | 'sessions.exportDocument'
  | 'sessions.importBegin'
  | 'sessions.importAppend'
  | 'sessions.importFinish';

/** The pin is told to every view of the session as the entry it wrote. */
function pin(conversation: Conversation, entryId: string, pinned: boolean): { pinned: string[] } {
  const { entry, pinned: ids } = setPinned(conversation.manager, entryId, pinned);
  if (entry) conversation.agent.emit({ type: 'entry_added', sessionId: conversation.id, entry });
  return { pinned: ids };
}

/**
 * A session file to import up to this size is read on this thread (one upload piece; about 20 ms on a
 * busy two-core machine); a bigger one on the check thread (a plain 43 MB pi session took 585 ms here).
 */
const INLINE_IMPORT_CHARS = IMPORT_CHUNK_CHARS;

/** Sessions this big (about 2,500 messages) are shown tail first while they open. */
const PREVIEW_MIN_BYTES = 1_000_000;

export function sessionsHandlers(ctx: ViewContext): Pick<Handlers, SessionChannel> {
  const { store, conversations, view } = ctx;
  const ok = { ok: true as const };
  const uploads = new ImportUploads();
  /** Asked of this view to show a session: an open that ends after a later ask is answered, not shown. */
  let asked = 0;
  const show = (conversation: Conversation): SessionView => {
    view.show(conversation.id);
    return viewOf(conversation, store);
  };
  const exportOf = (id: string, format: ExportFormat) =>
    readSession(ctx, id, (manager) => {
      const parent = manager.getHeader().parentSession;
      return sessionExport(manager, format, parent === undefined ? undefined : store.get(parent)?.title, (model) => ctx.models.get(model).displayName);
    });
  return {
    'sessions.list': ({ query }) => (query?.trim() ? store.search(query) : store.list()),
    'sessions.match': ({ id, query }) => {
      const entryId = store.findMatch(id, query);
      return entryId === undefined ? null : { entryId };
    },
    'sessions.open': async ({ id }) => {
      const ask = ++asked;
      if (id === undefined) return show(conversations.openLatest());
      const conversation = await openShowingTail(ctx, id);
      return ask === asked ? show(conversation) : viewOf(conversation, store);
    },
    'sessions.new': () => {
      asked++;
      return show(conversations.create());
    },
    'sessions.running': () => conversations.runningIds(),
    'sessions.entries': ({ id, end, limit }) => branchPage(conversationOf(ctx, id).manager, end, limit),
    'sessions.switchBranch': ({ sessionId, entryId }) => {
      const conversation = conversationOf(ctx, sessionId);
      conversation.agent.showVersion(entryId);
      return viewOf(conversation, store);
    },
    'sessions.pin': ({ sessionId, entryId }) => pin(conversationOf(ctx, sessionId), entryId, true),
    'sessions.unpin': ({ sessionId, entryId }) => pin(conversationOf(ctx, sessionId), entryId, false),
    'sessions.rename': ({ id, title }) => {
      conversations.rename(id, title);
      return ok;
    },
    'sessions.setInstructions': ({ id, instructions }) => {
      const conversation = conversationOf(ctx, id);
      conversation.agent.emit({ type: 'entry_added', sessionId: id, entry: conversation.manager.appendSessionInfo({ instructions }) });
      return ok;
    },
    'sessions.delete': ({ id }) => {
      const viewers = ctx.views.of(id);
      conversations.delete(id); // a reply still being written there is stopped first
      // A view that showed it shows a new session instead.
      for (const viewer of viewers) {
        const fresh = conversations.create();
        viewer.show(fresh.id);
        viewer.send({ type: 'session_switched', session: viewOf(fresh, store) });
      }
      return ok;
    },
    'sessions.export': ({ id, format }) => deliver(ctx, exportOf(id, format)),
    'sessions.exportDocument': ({ id, entryId }) => deliver(ctx, readSession(ctx, id, (manager) => documentExport(manager, entryId))),
    'sessions.importBegin': ({ fileName, size }) => ({ uploadId: uploads.begin(fileName, size) }),
    'sessions.importAppend': ({ uploadId, text }) => {
      uploads.append(uploadId, text);
      return ok;
    },
    'sessions.importFinish': async ({ uploadId }) => {
      const { fileName, parts, size } = uploads.finish(uploadId);
      const imported = size <= INLINE_IMPORT_CHARS ? importSessionBytes(fileName, parts) : await checks.runMoving('importSessionBytes', fileName, parts, fileName, parts);
      const { format, title, lines, messageCount, skippedLines } = imported;
      // Written and read back a step (some 4 MB) per turn of the event loop, as opening any session that big is.
      const manager = await new SteppedTask(
        store.createWithEntriesSteps(lines, {
          origin: IMPORT_ORIGIN,
          importedFrom: { format, fileName, skippedLines },
          ...(title !== undefined && { title }),
        }),
      ).done;
      // Each of the last three a turn of its own: together they held the core over 100 ms for 43 MB.
      await nextTurn();
      // Before the conversation is made, which counts its tokens and so asks for each file's facts.
      await readBigSavedFileFacts(manager.getEntries().flatMap((entry) => (entry.type === 'message' ? [entry.message] : [])), checks);
      await nextTurn();
      const conversation = conversations.adopt(manager);
      return {
        session: show(conversation),
        format,
        messageCount,
        skippedLines,
      };
    },
  };
}

/**
 * Opens a session for this view; a big one that is not open yet shows its end at once, and the whole file
 * is read a chunk per turn of the event loop.
 */
async function openShowingTail(ctx: ViewContext, id: string): Promise<Conversation> {
  const { conversations, store, view, options } = ctx;
  const open = conversations.get(id);
  if (open) return open;
  const previewed = statSync(store.fileFor(id)).size >= PREVIEW_MIN_BYTES;
  if (previewed) {
    const model = options.settings.get().model;
    view.send({ type: 'session_switched', session: previewOf(store.tail(id, 50), model, ctx.models.get(model).contextWindow, store) });
  }
  try {
    const conversation = previewed ? await conversations.openSessionYielding(id) : conversations.openSession(id);
    // Open read-only (the disk, or another machine has it open): said now, not at the first refused write.
    const why = conversation.manager.readOnlyReason;
    if (why) view.send({ type: 'error', sessionId: conversation.id, code: 'storage', message: why });
    return conversation;
  } catch (err) {
    // Back to what the view still shows.
    const shown = view.sessionId === undefined ? undefined : conversations.get(view.sessionId);
    if (previewed && shown) view.send({ type: 'session_switched', session: viewOf(shown, store) });
    throw err;
  }
}

/** An open session as its conversation holds it; any other one read from its file without taking its lock. */
function readSession<T>({ conversations, store }: CoreContext, id: string, read: (manager: SessionManager) => T): T {
  const open = conversations.get(id);
  if (open) return read(open.manager);
  const manager = store.read(id);
  try {
    return read(manager);
  } finally {
    manager.close();
  }
}

/** The desktop saves the file where the user says; without a save dialog (web mode) the page downloads it. */
async function deliver({ options }: CoreContext, file: ExportFile): Promise<SaveOutcome> {
  if (!options.saveFile) return { status: 'download', ...file };
  const path = await options.saveFile(file);
  return path === undefined ? { status: 'cancelled' } : { status: 'saved', path };
}
