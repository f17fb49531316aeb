// Moving sessions in and out of Baton: Export session, Export document, Import session (SPEC §5). The
// core builds the file and says where it went; this page only downloads what the core hands back (web
// mode has no save dialog), so nothing here depends on the transport.
import { IMPORT_CHUNK_CHARS, IMPORT_MAX_CHARS, type ExportFormat, type SaveOutcome } from '../../../shared/contract';
import { texts } from '../../../shared/texts';
import { textChunks } from '../lib/textChunks';
import { uiTexts } from '../texts';
import { callApi } from './call';
import type { Deps, GetState, SliceCreator } from './types';

export interface TransferSlice {
  /** True while a file is read and sent: Import session waits for it. */
  importing: boolean;
  exportSession: (format: ExportFormat) => Promise<void>;
  /** The handoff document held by entry `entryId` of the open session. */
  exportDocument: (entryId: string) => Promise<void>;
  importSession: (file: File) => Promise<void>;
}

/** The limit as the user reads it. */
const MAX_MB = IMPORT_MAX_CHARS / 1_000_000;

export const createTransferSlice: SliceCreator<TransferSlice> = (set, get, deps) => ({
  importing: false,

  async exportSession(format) {
    const id = get().session?.header.id;
    if (id) deliver(deps, get, await callApi(deps, get, 'sessions.export', { id, format }, () => get().exportSession(format)));
  },

  async exportDocument(entryId) {
    const id = get().session?.header.id;
    if (id) deliver(deps, get, await callApi(deps, get, 'sessions.exportDocument', { id, entryId }, () => get().exportDocument(entryId)));
  },

  async importSession(file) {
    if (get().importing) return;
    if (file.size > IMPORT_MAX_CHARS) return get().notify('error', texts.importTooLarge(file.name, MAX_MB));
    set({ importing: true });
    get().notify('info', uiTexts.importing(file.name), { key: IMPORT_KEY, lasting: true });
    try {
      const text = await readText(file, get);
      const result = text === undefined ? undefined : await upload(deps, get, file.name, text, () => get().importSession(file));
      if (!result) return;
      get().loadSession(result.session);
      get().notify('success', uiTexts.imported(result.messageCount, result.skippedLines));
      get().closeSidebarOnNarrow();
    } finally {
      get().clearNotice(IMPORT_KEY);
      set({ importing: false });
    }
  },
});

const IMPORT_KEY = 'import';

async function readText(file: File, get: GetState): Promise<string | undefined> {
  try {
    return await file.text();
  } catch (err) {
    // Moved or deleted since it was picked.
    get().notify('error', uiTexts.importUnreadable(file.name, (err as Error).message));
    return undefined;
  }
}

/** The text in pieces any transport carries; the core answers with the new session, or refuses the file. */
async function upload(deps: Deps, get: GetState, fileName: string, text: string, retry: () => unknown) {
  const begun = await callApi(deps, get, 'sessions.importBegin', { fileName, size: text.length }, retry);
  if (!begun) return undefined;
  for (const piece of textChunks(text, IMPORT_CHUNK_CHARS)) {
    if (!(await callApi(deps, get, 'sessions.importAppend', { uploadId: begun.uploadId, text: piece }, retry))) return undefined;
  }
  return callApi(deps, get, 'sessions.importFinish', { uploadId: begun.uploadId }, retry);
}

function deliver(deps: Deps, get: GetState, outcome: SaveOutcome | undefined): void {
  if (outcome?.status === 'download') deps.download(outcome);
  else if (outcome?.status === 'saved') get().notify('success', uiTexts.exported(outcome.path));
}
