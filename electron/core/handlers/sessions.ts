// sessions.*: the history sidebar and the open session (SPEC §2, §5), and moving sessions in and out
// of Baton (Export session, Export document, Import session).
import type { ExportFormat, SaveOutcome } from '../../../shared/contract';
import { BatonError } from '../errors';
import type { Handlers } from '../ipc/dispatcher';
import { branchPage } from '../session/branchWindow';
import type { SessionManager } from '../session/SessionManager';
import { importSessionText } from '../transfer/importSession';
import { ImportUploads } from '../transfer/importUploads';
import { documentExport, sessionExport, type ExportFile } from '../transfer/sessionExport';
import type { CoreContext } from './context';

type SessionChannel =
  | 'sessions.list'
  | 'sessions.current'
  | 'sessions.open'
  | 'sessions.new'
  | 'sessions.entries'
  | 'sessions.switchBranch'
  | 'sessions.rename'
  | 'sessions.delete'
  | 'sessions.export'
  | 'sessions.exportDocument'
  | 'sessions.importBegin'
  | 'sessions.importAppend'
  | 'sessions.importFinish';

export function sessionsHandlers(ctx: CoreContext): Pick<Handlers, SessionChannel> {
  const { agent, store, sessions } = ctx;
  const ok = { ok: true as const };
  const uploads = new ImportUploads();
  const exportOf = (id: string, format: ExportFormat) =>
    readSession(ctx, id, (manager) => {
      const parent = manager.getHeader().parentSession;
      return sessionExport(manager, format, parent === undefined ? undefined : store.get(parent)?.title);
    });
  return {
    'sessions.list': ({ query }) => (query?.trim() ? store.search(query) : store.list()),
    'sessions.current': () => sessions.view(),
    'sessions.open': ({ id }) => sessions.open(id),
    'sessions.new': () => sessions.create(),
    'sessions.entries': ({ id, end, limit }) => {
      if (id !== agent.sessionId) throw new BatonError('not_found', 'That session is not open');
      return branchPage(agent.sessionManager, end, limit);
    },
    'sessions.switchBranch': ({ entryId }) => {
      agent.showVersion(entryId);
      return sessions.view();
    },
    'sessions.rename': ({ id, title }) => {
      sessions.rename(id, title);
      return ok;
    },
    'sessions.delete': ({ id }) => {
      sessions.delete(id);
      return ok;
    },
    'sessions.export': ({ id, format }) => deliver(ctx, exportOf(id, format)),
    'sessions.exportDocument': ({ id, entryId }) => deliver(ctx, readSession(ctx, id, (manager) => documentExport(manager, entryId))),
    'sessions.importBegin': ({ fileName, size }) => ({ uploadId: uploads.begin(fileName, size) }),
    'sessions.importAppend': ({ uploadId, text }) => {
      uploads.append(uploadId, text);
      return ok;
    },
    'sessions.importFinish': ({ uploadId }) => {
      const { fileName, text } = uploads.finish(uploadId);
      const imported = importSessionText(fileName, text);
      return {
        session: sessions.import(imported, fileName),
        format: imported.format,
        messageCount: imported.entries.filter((entry) => entry.type === 'message').length,
        skippedLines: imported.skippedLines,
      };
    },
  };
}

/** The open session as the agent holds it; any other one read from its file without taking its lock. */
function readSession<T>({ agent, store }: CoreContext, id: string, read: (manager: SessionManager) => T): T {
  if (id === agent.sessionId) return read(agent.sessionManager);
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
