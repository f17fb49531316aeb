// Files on their way into a message (SPEC §5 "Attachments"). The renderer uploads each file in pieces
// small enough for any transport (begin, append…, finish), and chat.send then names the finished ones
// by id. Until then they live here, in memory only: an upload that stops half-way is never sent, and
// nothing reaches the session file before the message itself.
import { randomUUID } from 'node:crypto';
import type { Attachment } from '../../../shared/attachments';
import type { AttachmentBlock } from '../../../shared/session';
import { texts } from '../../../shared/texts';
import { checks as checkThread, type CheckPool } from '../checks/CheckPool';
import { BatonError } from '../errors';
import { checkFileStart, inspectFile, type FileFacts } from './attachmentLimits';
import { SNIFF_BYTES } from './fileType';
import { knowSavedFileFacts } from './savedFileFacts';

/** Uploads a renderer left behind (a reload mid-upload) give way, oldest first, beyond this much. */
const MAX_HELD_BYTES = 64 * 1024 * 1024;

interface Upload {
  id: string;
  name: string;
  size: number;
  chunks: Buffer[];
  received: number;
  /** Set by finish: the checked file. */
  ready?: { facts: FileFacts; bytes: Buffer };
  /** While finish reads a big file on the check thread: a second finish waits for the same check. */
  checking?: Promise<void>;
}

export interface ReadyFile {
  facts: FileFacts;
  block: AttachmentBlock;
}

export class PendingAttachments {
  /** In order of last use: the first is the one to give way. */
  private readonly uploads = new Map<string, Upload>();

  constructor(private readonly checks: CheckPool = checkThread) {}

  /** A new upload with the file's first piece, which tells its type: refused at once when the type or the size is wrong. */
  begin(name: string, size: number, first: Buffer): string {
    if (first.length < Math.min(size, SNIFF_BYTES)) throw new BatonError('invalid_input', texts.attachmentIncomplete(name));
    checkFileStart(name, size, first);
    this.makeRoom(size);
    const id = randomUUID();
    const upload: Upload = { id, name, size, chunks: [], received: 0 };
    this.uploads.set(id, upload);
    this.add(upload, first);
    return id;
  }

  append(id: string, chunk: Buffer): void {
    const upload = this.take(id);
    if (upload.ready || upload.checking) throw new BatonError('invalid_input', texts.attachmentIncomplete(upload.name));
    this.add(upload, chunk);
  }

  /** The whole file is here: it is checked as a file (readable, within the single-file limits). */
  async finish(id: string, window: number): Promise<Attachment> {
    const upload = this.take(id);
    if (!upload.ready) {
      if (upload.received !== upload.size) {
        this.uploads.delete(id);
        throw new BatonError('invalid_input', texts.attachmentIncomplete(upload.name));
      }
      upload.checking ??= this.check(upload, window);
      await upload.checking;
    }
    // Dropped (or given way) while its check ran.
    if (this.uploads.get(id) !== upload || !upload.ready) throw new BatonError('not_found', texts.attachmentGone);
    const { facts } = upload.ready;
    return { id, name: facts.name, mediaType: facts.mediaType, size: facts.size };
  }

  private async check(upload: Upload, window: number): Promise<void> {
    const bytes = Buffer.concat(upload.chunks);
    upload.chunks = [];
    try {
      upload.ready = { facts: await inspectFile(upload.name, bytes, window, this.checks), bytes };
    } catch (err) {
      this.uploads.delete(upload.id);
      throw err;
    } finally {
      upload.checking = undefined;
    }
  }

  discard(id: string): void {
    this.uploads.delete(id);
  }

  /**
   * Finished uploads by id, as message blocks; refused when any is unknown, unfinished or named twice.
   * `check` sees their facts first: a file is only encoded (a third larger, as base64) once the request
   * is known to be within the limits, so no list of ids costs more memory than the files it names.
   */
  ready(ids: readonly string[], check: (facts: FileFacts[]) => void): ReadyFile[] {
    const seen = new Set<string>();
    const files = ids.map((id) => {
      const upload = this.uploads.get(id);
      if (!upload?.ready) throw new BatonError('not_found', texts.attachmentGone);
      if (seen.has(id)) throw new BatonError('invalid_input', texts.attachmentTwice(upload.name));
      seen.add(id);
      return upload.ready;
    });
    check(files.map((f) => f.facts));
    return files.map(({ facts, bytes }) => ({ facts, block: toBlock(facts, bytes) }));
  }

  /** Facts of finished uploads, skipping ids that are not (the renderer's other chips, for an early check). */
  factsOf(ids: readonly string[]): FileFacts[] {
    return ids.flatMap((id) => {
      const ready = this.uploads.get(id)?.ready;
      return ready ? [ready.facts] : [];
    });
  }

  /** After the message that carries them is saved. */
  remove(ids: readonly string[]): void {
    for (const id of ids) this.uploads.delete(id);
  }

  private take(id: string): Upload {
    const upload = this.uploads.get(id);
    if (!upload) throw new BatonError('not_found', texts.attachmentGone);
    // Most recently used goes last.
    this.uploads.delete(id);
    this.uploads.set(id, upload);
    return upload;
  }

  private add(upload: Upload, chunk: Buffer): void {
    // More bytes than announced: the upload is broken, whatever the renderer meant.
    if (upload.received + chunk.length > upload.size) {
      this.uploads.delete(upload.id);
      throw new BatonError('invalid_input', texts.attachmentIncomplete(upload.name));
    }
    upload.chunks.push(chunk);
    upload.received += chunk.length;
  }

  private makeRoom(size: number): void {
    let held = 0;
    for (const upload of this.uploads.values()) held += upload.size;
    for (const upload of this.uploads.values()) {
      if (held + size <= MAX_HELD_BYTES) return;
      this.uploads.delete(upload.id);
      held -= upload.size;
    }
  }
}

function toBlock(facts: FileFacts, bytes: Buffer): AttachmentBlock {
  const { name, mediaType } = facts;
  // TextDecoder drops the byte-order mark; inspectFile checked that the bytes are text.
  if (mediaType === 'text/plain') return { type: 'document', source: { type: 'text', media_type: mediaType, data: new TextDecoder().decode(bytes) }, name };
  const data = bytes.toString('base64');
  const block: AttachmentBlock =
    mediaType === 'application/pdf'
      ? { type: 'document', source: { type: 'base64', media_type: mediaType, data }, name }
      : { type: 'image', source: { type: 'base64', media_type: mediaType, data }, name };
  // The limits and the estimate ask for these again once it is in the conversation: read once is enough.
  const { width, height, pages } = facts;
  knowSavedFileFacts(block, { ...(width !== undefined && { width }), ...(height !== undefined && { height }), ...(pages !== undefined && { pages }) });
  return block;
}
