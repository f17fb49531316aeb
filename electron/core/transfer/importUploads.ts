// A session file on its way in from the renderer, in pieces small enough for any transport (a WebSocket
// frame is capped, and so is a contract string). Each piece is kept as UTF-8 as it comes, so the whole
// file is never joined on the core's thread, and its bytes can be moved to the check thread without a
// copy. Only a few uploads are kept at once: one the page gave up on is dropped when newer ones begin.
import { randomUUID } from 'node:crypto';
import { texts } from '../../../shared/texts';
import { BatonError } from '../errors';

const MAX_PENDING = 2;

interface Upload {
  fileName: string;
  size: number;
  /** Characters received (the size is the text's length). */
  received: number;
  parts: Uint8Array[];
  /** A piece's last character when it is the first half of a surrogate pair: it goes with the next piece. */
  carry: string;
}

const encoder = new TextEncoder();

export class ImportUploads {
  private readonly uploads = new Map<string, Upload>();

  begin(fileName: string, size: number): string {
    const id = randomUUID();
    this.uploads.set(id, { fileName, size, received: 0, parts: [], carry: '' });
    for (const old of this.uploads.keys()) {
      if (this.uploads.size <= MAX_PENDING) break;
      this.uploads.delete(old);
    }
    return id;
  }

  append(id: string, text: string): void {
    const upload = this.get(id);
    if (upload.received + text.length > upload.size) {
      this.uploads.delete(id);
      throw new BatonError('invalid_input', texts.importIncomplete(upload.fileName));
    }
    const whole = upload.carry + text;
    const last = whole.charCodeAt(whole.length - 1);
    const split = last >= 0xd800 && last <= 0xdbff;
    upload.carry = split ? whole.slice(-1) : '';
    upload.parts.push(encoder.encode(split ? whole.slice(0, -1) : whole));
    upload.received += text.length;
  }

  /** The whole file as UTF-8 pieces, once every piece is in; the upload is forgotten either way. */
  finish(id: string): { fileName: string; parts: Uint8Array[]; size: number } {
    const upload = this.get(id);
    this.uploads.delete(id);
    if (upload.received !== upload.size) throw new BatonError('invalid_input', texts.importIncomplete(upload.fileName));
    if (upload.carry) upload.parts.push(encoder.encode(upload.carry));
    return { fileName: upload.fileName, parts: upload.parts, size: upload.size };
  }

  private get(id: string): Upload {
    const upload = this.uploads.get(id);
    if (!upload) throw new BatonError('not_found', texts.importInterrupted);
    return upload;
  }
}
