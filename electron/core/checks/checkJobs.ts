// The checks of untrusted input whose cost grows with its size, as one table the check thread
// (checkWorker.ts) runs by name: a PDF's facts, a saved file's facts from its base64, and reading another
// tool's session file (as the lines Baton writes). Each takes and returns plain data, so the thread and the caller's own thread give
// the same answer.
import type { AttachmentMediaType } from '../../../shared/attachments';
import { imageDimensions } from '../attachments/imageSize';
import { pdfFacts } from '../attachments/pdfFacts';
import { importSessionBytes } from '../transfer/importSession';

export const CHECK_JOBS = {
  /** Bytes arrive from another thread as a plain Uint8Array: viewed as a Buffer without a copy. */
  pdfFacts: (bytes: Uint8Array) => pdfFacts(asBuffer(bytes)),
  /** A saved image's size or a saved PDF's page count, from the block's base64 (savedFileFacts). */
  savedFileFacts: (kind: 'image' | 'pdf', mediaType: AttachmentMediaType, base64: string) => {
    const bytes = Buffer.from(base64, 'base64');
    return kind === 'image' ? (imageDimensions(bytes, mediaType) ?? {}) : { pages: pdfFacts(bytes).pages };
  },
  /** An upload's pieces, moved here (not copied); the lines it answers are moved back. */
  importSessionBytes,
};

export type CheckJobs = typeof CHECK_JOBS;
export type CheckJob = keyof CheckJobs;

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
