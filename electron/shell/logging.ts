// The desktop app's log: electron-log writes what the core logs (electron/core/log.ts, already redacted)
// to <dataDir>/logs/baton.log, the same file web mode writes, rotated at the same size, and echoes it to
// the terminal as web mode does.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ipcMain, shell } from 'electron';
import electronLog from 'electron-log/main';
import { LOG_FILE, LOG_MAX_BYTES, logsDir, setLogSink } from '../core/log';

/** electron-log's channel for renderers' log lines. */
const ELECTRON_LOG_CHANNEL = '__ELECTRON_LOG__';

export function startLogging(dataDir: string): void {
  // electron-log answers renderers on its own IPC channel with no sender check; Baton's renderer logs
  // nothing there, so the channel goes (SPEC §6: every IPC handler checks its sender). Nor are log lines
  // sent to the pages, as electron-log does in unpackaged runs (its IPC transport exists only in Electron).
  ipcMain.removeAllListeners(ELECTRON_LOG_CHANNEL);
  ipcMain.removeHandler(ELECTRON_LOG_CHANNEL);
  const toPages = electronLog.transports.ipc as typeof electronLog.transports.ipc | undefined;
  if (toPages) toPages.level = false;
  electronLog.transports.file.resolvePathFn = () => join(logsDir(dataDir), LOG_FILE);
  electronLog.transports.file.maxSize = LOG_MAX_BYTES;
  electronLog.transports.file.writeOptions = { flag: 'a', mode: 0o600, encoding: 'utf8' };
  electronLog.transports.console.format = '[baton] {text}';
  setLogSink((level, text) => electronLog[level](text));
}

/** Shows a folder in the desktop's file manager: the logs folder, which may not exist while nothing was logged. */
export async function openFolder(path: string): Promise<void> {
  mkdirSync(path, { recursive: true });
  const failure = await shell.openPath(path);
  if (failure) throw new Error(`Could not open ${path}: ${failure}`);
}
