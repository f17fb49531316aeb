// The process's last line of defence (SPEC §6): an error that nothing caught, thrown in a callback or a
// promise nobody awaited, is logged (electron/core/log.ts: stderr and <dataDir>/logs/baton.log) and
// reported, and the process keeps serving instead of exiting. Every known failure has its own handler
// where it happens; this is for what slips through. Installed once per process by web mode's CLI and
// the desktop shell, each saying how to tell the user.
import { log } from './log';

export function installLastResort(report: (err: unknown) => void): void {
  const onError = (err: unknown) => {
    log.error('Unexpected error (Baton keeps running):', err);
    try {
      report(err);
    } catch (failed) {
      log.error('Could not tell the user about that error:', failed);
    }
  };
  process.on('uncaughtException', onError);
  process.on('unhandledRejection', onError);
  // Output with nowhere to go (the terminal closed, the reader of a pipe left) is dropped. Reported, it
  // would be written to the same closed stream, fail again and be reported again, for ever.
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});
}
