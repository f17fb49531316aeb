// A stand-in for an Electron binary where none can be had: a file carrying a fuse wire exactly as an
// Electron binary lays it out (sentinel, version, length, one byte per fuse), every fuse at Electron's
// default, between bytes that stand for the code around it.
import { writeFileSync } from 'node:fs';
import { FuseV1Options } from '@electron/fuses';

export const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
export const FUSE_ON = 0x31;
export const FUSE_OFF = 0x30;
export const FUSE_COUNT = Object.values(FuseV1Options).filter((v) => typeof v === 'number').length;

/** Writes the stand-in binary at `path` (executable, as Electron's is). */
export function writeStandInElectron(path: string): void {
  const defaults = [FUSE_ON, FUSE_OFF, FUSE_ON, FUSE_ON, FUSE_OFF, FUSE_OFF, FUSE_OFF, FUSE_ON, FUSE_ON].slice(0, FUSE_COUNT);
  const wire = Buffer.from([1, defaults.length, ...defaults]);
  writeFileSync(path, Buffer.concat([Buffer.from('\x7fELF…code before…'), Buffer.from(FUSE_SENTINEL), wire, Buffer.from('…code after')]), { mode: 0o755 });
}
