// The narrow set of synchronous fs calls the stores make. Everything goes through it so tests can
// inject real-looking failures (ENOSPC halfway through a record, EIO on fsync) without mocking node:fs.
import * as fs from 'node:fs';

export interface FsSeam {
  openSync(path: string, flags: string, mode?: number): number;
  closeSync(fd: number): void;
  readSync(fd: number, buffer: Uint8Array, offset: number, length: number, position: number): number;
  writeSync(fd: number, buffer: Uint8Array, offset: number, length: number, position: number): number;
  fsyncSync(fd: number): void;
  ftruncateSync(fd: number, length: number): void;
  fstatSync(fd: number): { size: number; mtimeMs: number };
  statSync(path: string): { size: number; mtimeMs: number } | undefined;
  renameSync(from: string, to: string): void;
  linkSync(existing: string, created: string): void;
  unlinkSync(path: string): void;
  readdirSync(dir: string): string[];
  mkdirSync(dir: string): void;
}

export const realFs: FsSeam = {
  openSync: (path, flags, mode) => fs.openSync(path, flags, mode),
  closeSync: (fd) => fs.closeSync(fd),
  readSync: (fd, buffer, offset, length, position) => fs.readSync(fd, buffer, offset, length, position),
  writeSync: (fd, buffer, offset, length, position) => fs.writeSync(fd, buffer, offset, length, position),
  fsyncSync: (fd) => fs.fsyncSync(fd),
  ftruncateSync: (fd, length) => fs.ftruncateSync(fd, length),
  fstatSync: (fd) => fs.fstatSync(fd),
  statSync: (path) => fs.statSync(path, { throwIfNoEntry: false }),
  renameSync: (from, to) => fs.renameSync(from, to),
  linkSync: (existing, created) => fs.linkSync(existing, created),
  unlinkSync: (path) => fs.unlinkSync(path),
  readdirSync: (dir) => fs.readdirSync(dir),
  mkdirSync: (dir) => void fs.mkdirSync(dir, { recursive: true }),
};
