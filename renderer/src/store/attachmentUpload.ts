// One file to the core, in pieces every transport carries (SPEC §5 "Attachments"): attachments.begin
// with a small first piece (a wrong type or size is refused before the rest is read), append for the
// rest, finish to have it checked whole. A failure part-way drops what the core holds of it.
import { UPLOAD_CHUNK_BYTES, UPLOAD_FIRST_PIECE_BYTES, type Attachment } from '../../../shared/attachments';
import type { Result } from '../../../shared/contract';
import { texts } from '../../../shared/texts';
import { blobToBase64 } from '../lib/base64';
import { uiTexts } from '../texts';
import { tryCall } from './call';
import type { Deps } from './types';

function piece(file: Blob, at: number, size: number): Promise<string> {
  return blobToBase64(file.slice(at, at + size));
}

/** `others`: the ids of the files already waiting beside it, so the core can say now whether all of them fit one request. */
export async function uploadFile(deps: Deps, sessionId: string, file: File, others: readonly string[]): Promise<Result<Attachment>> {
  // An empty file is no image or PDF; the core would only see an invalid piece.
  if (file.size === 0) return { ok: false, error: { code: 'invalid_input', message: texts.attachmentType(file.name) } };
  let id: string | undefined;
  try {
    const begun = await tryCall(deps, 'attachments.begin', { name: file.name, size: file.size, data: await piece(file, 0, UPLOAD_FIRST_PIECE_BYTES) });
    if (!begun.ok) return begun;
    id = begun.data.id;
    for (let at = UPLOAD_FIRST_PIECE_BYTES; at < file.size; at += UPLOAD_CHUNK_BYTES) {
      const appended = await tryCall(deps, 'attachments.append', { id, data: await piece(file, at, UPLOAD_CHUNK_BYTES) });
      if (!appended.ok) return dropped(deps, id, appended);
    }
    return await tryCall(deps, 'attachments.finish', { sessionId, id, with: [...others] });
  } catch {
    // The file could not be read (moved or deleted since it was picked, say).
    return dropped(deps, id, { ok: false, error: { code: 'invalid_input', message: uiTexts.fileUnreadable(file.name) } });
  }
}

function dropped(deps: Deps, id: string | undefined, failure: Result<never>): Result<never> {
  if (id) void tryCall(deps, 'attachments.discard', { id });
  return failure;
}
