// Appends complete records to one open session file. A record is acknowledged only after its bytes (and,
// when asked, an fsync) succeeded; on failure the file is cut back to the last complete record, so a
// half-written line never stays on disk to fuse with the next one.
import { t } from '../../../shared/i18n';
import { StorageError } from '../storage/errors';
import type { FsSeam } from '../storage/fsSeam';
import { writeAll } from '../storage/io';

export class RecordWriter {
  private closed = false;
  /** Bytes were written since the last fsync: only then does syncPending() cost one. */
  private unsynced = false;

  /**
   * @param length end of the last complete record; writes go exactly there.
   * @param tailNeedsCut bytes past `length` exist (a torn record from a crash, or a failed rollback) and
   *   are cut before the next write rather than at open, so merely opening never modifies the file.
   */
  constructor(
    private readonly fs: FsSeam,
    private readonly fd: number,
    readonly path: string,
    private length: number,
    private tailNeedsCut: boolean,
  ) {}

  get committedLength(): number {
    return this.length;
  }

  /** Writes `line` + `\n`; with `sync`, fsyncs before returning. Throws StorageError, file unchanged. */
  append(line: string, sync: boolean): void {
    this.assertOpen();
    this.cutTail();
    const bytes = Buffer.from(`${line}\n`, 'utf8');
    try {
      writeAll(this.fs, this.fd, bytes, this.length);
      this.unsynced = true;
      if (sync) this.fsync();
    } catch (err) {
      this.rollback();
      throw StorageError.fromFsError('savingTo', this.path, err);
    }
    this.length += bytes.length;
  }

  /** Makes every record written so far durable (flush(): always an fsync, as the caller asked for one). */
  sync(): void {
    this.assertOpen();
    try {
      this.fsync();
    } catch (err) {
      throw StorageError.fromFsError('syncing', this.path, err);
    }
  }

  /** The same, free when nothing was written since the last fsync (closing a session only read, say). */
  syncPending(): void {
    if (this.unsynced) this.sync();
  }

  private fsync(): void {
    this.fs.fsyncSync(this.fd);
    this.unsynced = false;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    try {
      this.fs.closeSync(this.fd);
    } catch (err) {
      throw StorageError.fromFsError('closing', this.path, err);
    }
  }

  private cutTail(): void {
    if (!this.tailNeedsCut) return;
    try {
      this.fs.ftruncateSync(this.fd, this.length);
      this.fs.fsyncSync(this.fd);
    } catch (err) {
      throw StorageError.fromFsError('repairingEnd', this.path, err);
    }
    this.tailNeedsCut = false;
  }

  private rollback(): void {
    try {
      this.fs.ftruncateSync(this.fd, this.length);
    } catch {
      // Still torn: the next append cuts it first, and refuses to write if it cannot.
      this.tailNeedsCut = true;
    }
  }

  private assertOpen(): void {
    if (this.closed) throw new StorageError('CLOSED', t('texts.sessionClosed', { path: this.path }));
  }
}
