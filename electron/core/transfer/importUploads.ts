// A session file on its way in from the renderer, in pieces small enough for any transport (a WebSocket
// frame is capped, and so is a contract string). Only a few uploads are kept at once: one the page gave
// up on is dropped when newer ones begin.
import { randomUUID } from 'node:crypto';
import { texts } from '../../../shared/texts';
import { BatonError } from '../errors';

const MAX_PENDING = 2;

interface Upload {
  fileName: string;
  size: number;
  received: number;
  parts: string[];
}

export class ImportUploads {
  private readonly uploads = new Map<string, Upload>();

  begin(fileName: string, size: number): string {
    const id = randomUUID();
    this.uploads.set(id, { fileName, size, received: 0, parts: [] });
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
    upload.parts.push(text);
    upload.received += text.length;
  }

  /** The whole text, once every piece is in; the upload is forgotten either way. */
  finish(id: string): { fileName: string; text: string } {
    const upload = this.get(id);
    this.uploads.delete(id);
    if (upload.received !== upload.size) throw new BatonError('invalid_input', texts.importIncomplete(upload.fileName));
    return { fileName: upload.fileName, text: upload.parts.join('') };
  }

  private get(id: string): Upload {
    const upload = this.uploads.get(id);
    if (!upload) throw new BatonError('not_found', texts.importInterrupted);
    return upload;
  }
}
